import { describe, expect, it } from "vitest";
import { acquisition, funnelDepth } from "./acquisition.ts";
import { attributionOf, splitVisits, type Activity } from "./visits.ts";

const a = "00000000-0000-4000-8000-00000000000a";
const b = "00000000-0000-4000-8000-00000000000b";
const at = (minutes: number) => new Date(Date.UTC(2026, 2, 10, 9, 0) + minutes * 60_000).toISOString();
const view = (uid: string, minutes: number, page: string, source: Activity["source"] = null): Activity => ({
  uid,
  at: at(minutes),
  page,
  goal: null,
  source,
});
const goal = (uid: string, minutes: number, reached: NonNullable<Activity["goal"]>, page = "contact"): Activity => ({
  uid,
  at: at(minutes),
  page,
  goal: reached,
  source: null,
});

describe("splitVisits", () => {
  it("starts a visit at a new visitor or after 30 minutes without activity, not before", () => {
    const visits = splitVisits([
      view(a, 0, "home", { utm_source: "newsletter", utm_campaign: "autumn" }),
      view(a, 29, "features"),
      view(a, 58.9, "contact"),
      view(a, 88.9, "home", { referrer: "www.google.com" }),
      view(b, 90, "demo"),
    ]);
    expect(visits.map((v) => [v.uid, v.landing, v.source, v.campaign, v.steps.length])).toEqual([
      [a, "home", "newsletter", "autumn", 3],
      [a, "home", "Google", null, 1],
      [b, "demo", "Direct", null, 1],
    ]);
    expect(visits[0].end).toBe(at(58.9));
  });

  it("keeps the landing's source for the whole visit, even when a later page load brings another referrer", () => {
    const [visit] = splitVisits([
      view(a, 0, "home", { referrer: "www.bing.com" }),
      view(a, 5, "features", { referrer: "t.co" }),
    ]);
    expect(visit.source).toBe("Bing");
  });

  it("collects the goals a visit reached", () => {
    const [visit] = splitVisits([view(a, 0, "home"), goal(a, 1, "schedule-call", "home"), goal(a, 2, "contact-sent")]);
    expect([...visit.goals]).toEqual(["schedule-call", "contact-sent"]);
  });
});

describe("attributionOf", () => {
  it("gives the first visit's and the ongoing visit's source, campaign and landing page", () => {
    const rows = [
      view(a, 0, "features", { utm_source: "newsletter", utm_campaign: "autumn" }),
      view(a, 60 * 24, "home", { referrer: "www.google.com" }),
      view(a, 60 * 24 + 3, "contact"),
    ];
    expect(attributionOf(rows, new Date(at(60 * 24 + 5)))).toEqual({
      first: { source: "newsletter", campaign: "autumn", landing: "features" },
      visit: { source: "Google", campaign: null, landing: "home" },
    });
    // Sent long after the last page view: no visit going on.
    expect(attributionOf(rows, new Date(at(60 * 30))).visit).toBeNull();
    expect(attributionOf([], new Date())).toEqual({ first: null, visit: null });
  });
});

describe("the funnel and goals", () => {
  const visits = splitVisits([
    // landing → feature → contact → lead: all four steps
    view(a, 0, "home", { utm_source: "newsletter", utm_campaign: "autumn" }),
    view(a, 1, "features-billing"),
    view(a, 2, "contact"),
    goal(a, 3, "contact-sent"),
    // the next day: straight to contact and a lead, no feature page: only the landing step
    view(a, 60 * 24, "contact"),
    goal(a, 60 * 24 + 1, "contact-sent"),
    // landing on a demo page counts as reaching it; support without a lead
    view(b, 0, "demo-timesheet", { referrer: "www.google.com" }),
    view(b, 1, "support"),
    // contact before the feature page is out of order: two steps
    view(b, 60 * 3, "contact"),
    view(b, 60 * 3 + 1, "features"),
  ]);

  it("counts the steps a visit reached in order", () => {
    expect(visits.map(funnelDepth)).toEqual([4, 1, 3, 2]);
  });

  it("gives the visits at each step, the drop between steps, per source, and each goal's conversion rate", () => {
    const report = acquisition(visits, ["2026-03-10", "2026-03-11"]);
    expect(report.visits).toBe(4);
    expect(report.funnel.steps).toEqual([
      { step: "Landing", visits: 4, drop: null },
      { step: "Feature or demo page", visits: 3, drop: 0.25 },
      { step: "Contact or support page", visits: 2, drop: 1 / 3 },
      { step: "Lead sent", visits: 1, drop: 0.5 },
    ]);
    expect(report.funnel.bySource.find((f) => f.source === "Google")!.steps.map((s) => s.visits)).toEqual([1, 1, 1, 0]);
    expect(report.goals.find((g) => g.goal === "contact-sent")).toEqual({
      goal: "contact-sent",
      label: "Contact sent",
      visits: 2,
      rate: 0.5,
    });
    expect(report.sources.map((s) => [s.source, s.kind, s.visits, s.visitors, s.goals["contact-sent"]])).toEqual([
      ["Direct", "direct", 2, 2, { visits: 1, rate: 0.5 }],
      ["Google", "search", 1, 1, { visits: 0, rate: 0 }],
      ["newsletter", "campaign", 1, 1, { visits: 1, rate: 1 }],
    ]);
    expect(report.campaigns).toHaveLength(1);
    expect(report.campaigns[0]).toMatchObject({
      campaign: "autumn",
      source: "newsletter",
      medium: null,
      visits: 1,
      visitors: 1,
    });
    expect(report.campaigns[0].goals["contact-sent"]).toEqual({ visits: 1, rate: 1 });
    expect(report.goalsDaily.map((d) => [d.day, d.visits, d.goals["contact-sent"]])).toEqual([
      ["2026-03-10", 3, 1],
      ["2026-03-11", 1, 1],
    ]);
  });
});
