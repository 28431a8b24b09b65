import { describe, expect, it } from "vitest";
import { createGoogleAnalytics } from "./google-analytics.ts";

const commands = (dataLayer: unknown[]) => dataLayer.map((entry) => Array.from(entry as IArguments));

describe("createGoogleAnalytics", () => {
  it("configures GA4 without its automatic page view and maps our reports to gtag events", () => {
    const target: { dataLayer?: unknown[] } = {};
    const ga = createGoogleAnalytics("G-TEST123", target);
    ga.event({ category: "video", action: "complete", label: "Timesheet demo", value: 10 });
    ga.vital!({ name: "CLS", value: 0.123, rating: "needs-improvement" });
    const [js, config, event, vital] = commands(target.dataLayer!);
    expect(js[0]).toBe("js");
    expect(config).toEqual(["config", "G-TEST123", { send_page_view: false }]);
    expect(event).toEqual(["event", "complete", { event_category: "video", event_label: "Timesheet demo", value: 10 }]);
    expect(vital).toEqual([
      "event",
      "CLS",
      { event_category: "Web Vitals", value: 123, metric_rating: "needs-improvement", non_interaction: true },
    ]);
  });

  it("keeps commands queued before gtag.js arrives", () => {
    const target: { dataLayer?: unknown[] } = { dataLayer: [["earlier"]] };
    createGoogleAnalytics("G-TEST123", target);
    expect(target.dataLayer).toHaveLength(3);
  });
});
