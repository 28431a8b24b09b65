import { describe, expect, it } from "vitest";
import { nextRumBeacon, pageName, rumPixelUrl } from "./rum.ts";

describe("pageName", () => {
  it("names each route path-safely", () => {
    expect(pageName("/")).toBe("home");
    expect(pageName("")).toBe("home");
    expect(pageName("/features")).toBe("features");
    expect(pageName("/features/billing")).toBe("features-billing");
    expect(pageName("/features/time-expense-items/")).toBe("features-time-expense-items");
    expect(pageName("/demo-timer")).toBe("demo-timer");
    expect(pageName("/Media/Ünïcode page")).toBe("media-n-code-page");
    expect(pageName("/../..//x")).toBe("x");
  });

  it("keeps names within 100 characters", () => {
    expect(pageName(`/${"a".repeat(150)}`)).toHaveLength(100);
  });
});

describe("rumPixelUrl", () => {
  const base = { rumHost: "", site: "tallyway", page: "features-billing", uid: "0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a" };

  it("builds the same-origin pixel path with u, l, d and t", () => {
    const url = rumPixelUrl({ ...base, lastPage: "home", secondsOnLastPage: 12.6, loadMs: 341.4 });
    expect(url).toBe("/rum/tallyway/features-billing.png?u=0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a&l=home&d=13&t=341");
  });

  it("prefixes the configured RUM host", () => {
    const url = new URL(
      rumPixelUrl({
        ...base,
        rumHost: "https://app.tallyway.example",
        lastPage: "",
        secondsOnLastPage: 0,
        loadMs: 1200,
      }),
    );
    expect(url.origin + url.pathname).toBe("https://app.tallyway.example/rum/tallyway/features-billing.png");
    expect(Object.fromEntries(url.searchParams)).toEqual({ u: base.uid, l: "", d: "0", t: "1200" });
  });

  it("never reports negative durations", () => {
    const url = new URL(rumPixelUrl({ ...base, lastPage: "home", secondsOnLastPage: -3, loadMs: -1 }), "http://x");
    expect(url.searchParams.get("d")).toBe("0");
    expect(url.searchParams.get("t")).toBe("0");
  });
});

describe("nextRumBeacon", () => {
  it("reports no last page and zero seconds on the first page of a visit", () => {
    const beacon = nextRumBeacon(undefined, { page: "home", now: 1_000, loadMs: 850 });
    expect(beacon).toEqual({ lastPage: "", secondsOnLastPage: 0, loadMs: 850, visit: { page: "home", since: 1_000 } });
  });

  it("reports the previous page and the seconds spent on it", () => {
    const beacon = nextRumBeacon({ page: "home", since: 1_000 }, { page: "features", now: 13_500, loadMs: 120 });
    expect(beacon).toEqual({
      lastPage: "home",
      secondsOnLastPage: 12.5,
      loadMs: 120,
      visit: { page: "features", since: 13_500 },
    });
  });

  it("does not report negative time when the clock steps back", () => {
    expect(
      nextRumBeacon({ page: "home", since: 5_000 }, { page: "demo", now: 4_000, loadMs: 0 }).secondsOnLastPage,
    ).toBe(0);
  });
});
