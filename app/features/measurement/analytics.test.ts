import { describe, expect, it } from "vitest";
import {
  addAnalyticsProvider,
  analyticsStarted,
  maxWaitingReports,
  withVisitorId,
  trackEvent,
  trackingAllowed,
  trackPageView,
  trackVital,
  visitorId,
  type AnalyticsEvent,
  type PageView,
  type VitalReport,
} from "./analytics.ts";

describe("trackEvent", () => {
  // Runs first: the module starts closed, as on a page before measurement has started.
  it("holds reports made before measurement starts, in order and at most maxWaitingReports, then hands them over", () => {
    const seen: string[] = [];
    trackEvent({ category: "video", action: "start" });
    trackPageView({ page: "home", path: "/", title: "Tallyway" });
    for (let n = 0; n < maxWaitingReports; n++) trackEvent({ category: "filler", action: String(n) });
    const remove = addAnalyticsProvider({
      event: (e) => seen.push(`${e.category}:${e.action}`),
      pageView: (v) => seen.push(`view:${v.path}`),
    });
    expect(seen).toEqual([]);
    analyticsStarted();
    expect(seen.slice(0, 3)).toEqual(["video:start", "view:/", "filler:0"]);
    expect(seen).toHaveLength(maxWaitingReports);
    trackEvent({ category: "video", action: "complete" });
    expect(seen.at(-1)).toBe("video:complete");
    remove();
  });

  it("hands each event to every registered provider until it is removed", () => {
    const seen: AnalyticsEvent[] = [];
    const remove = addAnalyticsProvider({ event: (e) => seen.push(e) });
    trackEvent({ category: "video", action: "start", label: "demo", value: 5 });
    remove();
    trackEvent({ category: "video", action: "complete", value: 10 });
    expect(seen).toEqual([{ category: "video", action: "start", label: "demo", value: 5 }]);
  });

  it("hands page views and vitals only to providers that take them", () => {
    const views: PageView[] = [];
    const vitals: VitalReport[] = [];
    const removeEventsOnly = addAnalyticsProvider({ event: () => {} });
    const remove = addAnalyticsProvider({
      event: () => {},
      pageView: (v) => views.push(v),
      vital: (v) => vitals.push(v),
    });
    trackPageView({ page: "features", path: "/features", title: "Features | Tallyway" });
    trackVital({ name: "LCP", value: 1200, rating: "good" });
    remove();
    removeEventsOnly();
    expect(views).toEqual([{ page: "features", path: "/features", title: "Features | Tallyway" }]);
    expect(vitals).toEqual([{ name: "LCP", value: 1200, rating: "good" }]);
  });
});

describe("trackingAllowed", () => {
  it("is off with Do-Not-Track or Global Privacy Control, on otherwise", () => {
    expect(trackingAllowed({})).toBe(true);
    expect(trackingAllowed({ doNotTrack: "0", globalPrivacyControl: false })).toBe(true);
    expect(trackingAllowed({ doNotTrack: null })).toBe(true);
    expect(trackingAllowed({ doNotTrack: "1" })).toBe(false);
    expect(trackingAllowed({ doNotTrack: "yes" })).toBe(false);
    expect(trackingAllowed({ globalPrivacyControl: true })).toBe(false);
  });
});

describe("visitorId", () => {
  it("makes a random id once and keeps returning the stored one", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const first = visitorId(storage);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(store.get("uid")).toBe(first);
    expect(visitorId(storage)).toBe(first);
  });
});

describe("withVisitorId", () => {
  const storage = (uid: string | null) => ({ getItem: (key: string) => (key === "uid" ? uid : null) });
  const uid = "0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a";

  it("adds the stored visitor id as vid to a lead call", () => {
    expect(withVisitorId("/contactUs?name=a", {}, storage(uid))).toBe(`/contactUs?name=a&vid=${uid}`);
  });

  it("adds nothing under Do-Not-Track or GPC, without a stored id, or with storage blocked", () => {
    expect(withVisitorId("/contactUs?a=1", { doNotTrack: "1" }, storage(uid))).toBe("/contactUs?a=1");
    expect(withVisitorId("/contactUs?a=1", { globalPrivacyControl: true }, storage(uid))).toBe("/contactUs?a=1");
    expect(withVisitorId("/contactUs?a=1", {}, storage(null))).toBe("/contactUs?a=1");
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(withVisitorId("/contactUs?a=1", {}, blocked)).toBe("/contactUs?a=1");
  });
});
