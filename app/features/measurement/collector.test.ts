import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { batchSchema } from "#common/measurement.ts";
import { createCollector } from "./collector.ts";

const uid = "0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a";

function collectorWithOutbox(accept = () => true, maxBatch = 3) {
  const sent: { endpoint: string; body: unknown }[] = [];
  let page = "home";
  const collector = createCollector({
    endpoint: "/api/collect",
    uid,
    currentPage: () => page,
    send: (endpoint, body) => {
      if (!accept()) return false;
      sent.push({ endpoint, body: JSON.parse(body) });
      return true;
    },
    maxBatch,
  });
  return { collector, sent, goTo: (next: string) => (page = next) };
}

describe("createCollector", () => {
  it("queues page views, events and vitals and sends them in one batch the server accepts", () => {
    const { collector, sent, goTo } = collectorWithOutbox(undefined, 10);
    collector.pageView!({ page: "features", path: "/features", title: "Features | Tallyway" });
    goTo("features");
    collector.event({ category: "video", action: "start", label: "demo", value: 5 });
    collector.vital!({ name: "CLS", value: 0.02, rating: "good" });
    expect(sent).toEqual([]);
    collector.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0].endpoint).toBe("/api/collect");
    expect(sent[0].body).toEqual({
      events: [
        { type: "pageview", uid, page: "features", title: "Features | Tallyway" },
        { type: "event", uid, page: "features", category: "video", action: "start", label: "demo", value: 5 },
        { type: "vital", uid, page: "features", name: "CLS", value: 0.02, rating: "good" },
      ],
    });
    expect(v.safeParse(batchSchema, sent[0].body).success).toBe(true);
    collector.flush();
    expect(sent).toHaveLength(1);
  });

  it("sends as soon as a batch is full", () => {
    const { collector, sent } = collectorWithOutbox(undefined, 2);
    collector.event({ category: "schedule-call", action: "click", label: "demo" });
    expect(sent).toHaveLength(0);
    collector.event({ category: "schedule-call", action: "click", label: "about" });
    expect(sent).toHaveLength(1);
    expect(collector.pending()).toBe(0);
  });

  it("keeps the queue when the transport refuses and sends it on the next flush", () => {
    let online = false;
    const { collector, sent } = collectorWithOutbox(() => online, 10);
    collector.event({ category: "form", action: "submit", label: "contact" });
    collector.flush();
    expect(collector.pending()).toBe(1);
    online = true;
    collector.flush();
    expect(sent).toHaveLength(1);
    expect(collector.pending()).toBe(0);
  });

  it("sends a landing page view at once with its source, which the server accepts; a source-less landing too", () => {
    const { collector, sent } = collectorWithOutbox(undefined, 10);
    collector.event({ category: "video", action: "start" });
    collector.pageView!({
      page: "home",
      path: "/",
      title: "Home",
      source: { referrer: "www.google.com", utm_campaign: "autumn" },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      events: [{ type: "event" }, { type: "pageview", source: { referrer: "www.google.com", utm_campaign: "autumn" } }],
    });
    expect(v.safeParse(batchSchema, sent[0].body).success).toBe(true);
    collector.pageView!({ page: "features", path: "/features", title: "Features", source: {} });
    expect(sent).toHaveLength(2);
    expect(sent[1].body).toEqual({ events: [{ type: "pageview", uid, page: "features", title: "Features" }] });
  });
});
