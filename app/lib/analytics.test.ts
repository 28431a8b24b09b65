import { describe, expect, it } from "vitest";
import { addAnalyticsProvider, trackEvent, type AnalyticsEvent } from "./analytics";

describe("trackEvent", () => {
  it("hands each event to every registered provider until it is removed", () => {
    const seen: AnalyticsEvent[] = [];
    const remove = addAnalyticsProvider({ event: (e) => seen.push(e) });
    trackEvent({ category: "video", action: "start", label: "demo", value: 5 });
    remove();
    trackEvent({ category: "video", action: "complete", value: 10 });
    expect(seen).toEqual([{ category: "video", action: "start", label: "demo", value: 5 }]);
  });
});
