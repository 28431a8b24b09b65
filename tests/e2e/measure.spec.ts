import { execFileSync } from "node:child_process";
import type { Browser, BrowserContext, Page, Request } from "@playwright/test";
import { rateVital, type VitalName } from "#common/web-vitals.ts";
import { expect, ownOrigin, test } from "./fixtures.ts";
import { playerApis, stubPlayerApi } from "./player-api.ts";
import { e2eDataDir } from "./stored.ts";
import { serverDatabase } from "../support/server-database.ts";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main", exact: true });

interface Collected {
  type: string;
  uid: string;
  page: string;
  title?: string;
  category?: string;
  action?: string;
  label?: string;
  value?: number;
  name?: string;
  rating?: string;
}

/** Every request of one kind the page makes: RUM pixels and collector batches. */
function watch(page: Page) {
  const pixels: URL[] = [];
  const collected: Collected[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/rum/")) pixels.push(url);
    if (url.pathname === "/api/collect")
      collected.push(...(JSON.parse(request.postData() ?? "{}") as { events: Collected[] }).events);
  });
  return { pixels, collected };
}

/** Sends the collector's queue now, as leaving the page would. */
const flush = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event("pagehide")));

/**
 * What reached the e2e server's database for one visitor. Beacons sent while a page unloads
 * are not reported to Playwright's request events, so those tests look where they arrive.
 */
function storedEvents(uid: string | null): Collected[] {
  const db = serverDatabase(e2eDataDir(), { readOnly: true });
  try {
    return db
      .prepare(
        "SELECT type, page, category, action, label, value, rating FROM analytics_events WHERE uid = ? ORDER BY id",
      )
      .all(uid) as unknown as Collected[];
  } finally {
    db.close();
  }
}

function stats(): {
  pages: { page: string; views: number; visitors: number }[];
  videos: { label: string; starts: number; completes: number; completionRate: number }[];
} {
  const out = execFileSync(process.execPath, ["server/cli/stats.ts", "--days", "30", "--format", "json"], {
    env: { ...process.env, DATA_DIR: e2eDataDir() },
  });
  return JSON.parse(out.toString());
}

test("the visitor id is a random UUID in localStorage that stays the same across navigations and reloads", async ({
  page,
}) => {
  await page.goto("/");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("uid"))).toMatch(uuid);
  const uid = await page.evaluate(() => localStorage.getItem("uid"));
  await mainNav(page).getByRole("link", { name: "Features" }).click();
  await expect(page).toHaveTitle("Features | Tallyway");
  await page.reload();
  await page.goto("/contact");
  expect(await page.evaluate(() => localStorage.getItem("uid"))).toBe(uid);
});

test("each navigation sends exactly one RUM pixel with the visitor, last page, seconds on it and load time", async ({
  page,
  consoleErrors,
}) => {
  const { pixels } = watch(page);
  await page.goto("/");
  await expect.poll(() => pixels.length).toBe(1);
  const uid = await page.evaluate(() => localStorage.getItem("uid"));
  const loadEventEnd = await page.evaluate(() =>
    Math.round((performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd),
  );
  expect(pixels[0].pathname).toBe("/rum/tallyway/home.png");
  expect(Object.fromEntries(pixels[0].searchParams)).toEqual({ u: uid, l: "", d: "0", t: String(loadEventEnd) });
  expect(loadEventEnd).toBeGreaterThan(0);

  await page.waitForTimeout(1500);
  await mainNav(page).getByRole("link", { name: "Features" }).click();
  await expect(page).toHaveTitle("Features | Tallyway");
  await expect.poll(() => pixels.length).toBe(2);
  expect(pixels[1].pathname).toBe("/rum/tallyway/features.png");
  expect(pixels[1].searchParams.get("u")).toBe(uid);
  expect(pixels[1].searchParams.get("l")).toBe("home");
  expect(Number(pixels[1].searchParams.get("d"))).toBeGreaterThanOrEqual(1);
  expect(Number(pixels[1].searchParams.get("d"))).toBeLessThan(60);
  const transition = Number(pixels[1].searchParams.get("t"));
  expect(Number.isInteger(transition) && transition >= 0 && transition < loadEventEnd + 60_000).toBe(true);

  await page.getByRole("navigation", { name: "Features" }).getByRole("link", { name: "Billing" }).click();
  await expect(page).toHaveURL(/\/features\/billing$/);
  await expect.poll(() => pixels.length).toBe(3);
  expect(pixels[2].pathname).toBe("/rum/tallyway/features-billing.png");
  expect(pixels[2].searchParams.get("l")).toBe("features");

  await page.goBack();
  await expect(page).toHaveURL(/\/features$/);
  await expect.poll(() => pixels.length).toBe(4);
  expect(pixels[3].pathname).toBe("/rum/tallyway/features.png");
  expect(pixels[3].searchParams.get("l")).toBe("features-billing");

  // Jumping within the page is not a navigation.
  await page.getByRole("contentinfo").getByRole("link", { name: "Back to top" }).click();
  await page.waitForTimeout(500);
  expect(pixels).toHaveLength(4);
  expect(consoleErrors).toEqual([]);
});

test("page views and events reach the collector and show in the usage report", async ({ page }) => {
  const { collected } = watch(page);
  await stubPlayerApi(page, playerApis.playsToTheEnd);
  const video = "Entering and submitting a weekly timesheet";
  const before = stats().videos.find((v) => v.label === video) ?? { starts: 0, completes: 0 };
  await page.goto("/");
  await mainNav(page).getByRole("link", { name: "Demo" }).click();
  await expect(page).toHaveTitle(/^Product Demos|Demo/);
  const demoTitle = await page.title();
  await page
    .getByRole("main")
    .getByRole("link", { name: /Weekly Timesheet Demo/ })
    .click();
  await expect(page).toHaveTitle(/^Weekly Timesheet Demo/);
  const videoPageTitle = await page.title();
  // The video component reports start and complete through the analytics door, as for a visitor.
  await page.getByRole("button", { name: `Play video: ${video}` }).click();
  await expect(page.getByRole("button", { name: "Play Again" })).toBeVisible();
  await flush(page);
  await expect.poll(() => collected.filter((e) => e.type !== "vital").length).toBe(5);
  const uid = await page.evaluate(() => localStorage.getItem("uid"));
  expect(collected.filter((e) => e.type !== "vital")).toEqual([
    { type: "pageview", uid, page: "home", title: "Tallyway" },
    { type: "pageview", uid, page: "demo", title: demoTitle },
    { type: "pageview", uid, page: "demo-timesheet", title: videoPageTitle },
    { type: "event", uid, page: "demo-timesheet", category: "video", action: "start", label: video, value: 5 },
    { type: "event", uid, page: "demo-timesheet", category: "video", action: "complete", label: video, value: 10 },
  ]);

  await expect(async () => {
    const report = stats();
    const starts = before.starts + 1;
    const completes = before.completes + 1;
    expect(report.videos.find((v) => v.label === video)).toEqual({
      label: video,
      starts,
      completes,
      completionRate: completes / starts,
    });
    expect(report.pages.find((p) => p.page === "demo")?.views).toBeGreaterThanOrEqual(1);
    expect(report.pages.find((p) => p.page === "home")?.visitors).toBeGreaterThanOrEqual(1);
  }).toPass({ timeout: 10_000 });
});

test("a schedule-call click is reported, and counted as the schedule-call goal", async ({ page }) => {
  const { collected } = watch(page);
  // Measurement starts when the loaded page is idle; the browser's idle callbacks are held back here,
  // so the click below lands once the app runs but before measurement has started (no uid stored yet).
  await page.addInitScript(() => {
    const held: IdleRequestCallback[] = [];
    window.requestIdleCallback = (callback) => held.push(callback);
    Object.assign(window, {
      heldIdle: () => held.length,
      releaseIdle: () => held.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 })),
    });
  });
  // The measurement chunk, asked for once the page has hydrated, is held too: the click lands in the
  // gap between the app answering input and that chunk running, where the goal was once lost.
  let releaseChunk!: () => void;
  const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
  const hydrated = new Promise<void>(
    (resolve) =>
      void page.route(/\/assets\/measurement-[\w-]+\.js$/, async (route) => {
        resolve();
        await chunkHeld;
        await route.continue();
      }),
  );
  await page.goto("/products", { waitUntil: "commit" });
  await hydrated;
  expect(await page.evaluate(() => localStorage.getItem("uid"))).toBeNull();
  // Stay on the page (the scheduler is out of reach in tests); the click is still a click.
  await page.evaluate(() => window.addEventListener("click", (event) => event.preventDefault()));
  await page.getByRole("contentinfo").getByRole("link", { name: "Schedule a Call" }).click();
  releaseChunk();
  // Measurement starts once the page is idle: the early click's reports, the goal among them, go out in order.
  await expect.poll(() => page.evaluate(() => (window as unknown as { heldIdle: () => number }).heldIdle())).toBe(1);
  await page.evaluate(() => (window as unknown as { releaseIdle: () => void }).releaseIdle());
  await expect.poll(() => page.evaluate(() => localStorage.getItem("uid"))).toMatch(uuid);
  await flush(page);
  await expect
    .poll(() => collected.find((e) => e.type === "event" && e.category === "schedule-call"))
    .toMatchObject({ category: "schedule-call", action: "click", label: "Lead", page: "products" });
  await expect
    .poll(() => collected.filter((e) => e.category === "goal"))
    .toEqual([expect.objectContaining({ type: "event", category: "goal", action: "schedule-call", page: "products" })]);
});

test("web vitals are reported once per page with the spec's ratings", async ({ page }) => {
  await page.goto("/");
  // Measurement starts when the loaded page is idle: it stores the uid, then imports the web-vitals
  // library. (Waiting for a request named web-vitals-* raced: common/web-vitals.ts is a chunk of that
  // name too, loaded with the app.)
  await expect.poll(() => page.evaluate(() => localStorage.getItem("uid")), { timeout: 10_000 }).toMatch(uuid);
  const uid = (await page.evaluate(() => localStorage.getItem("uid")))!;
  await page.waitForLoadState("networkidle");
  await page.locator("h1").click(); // the first input: FID, and it ends the LCP measurement
  await page.waitForTimeout(500);
  await page.goto("/privacy"); // leaving the page reports the final CLS and LCP
  const homeVitals = () => storedEvents(uid).filter((e) => e.type === "vital" && e.page === "home");
  await expect
    .poll(() => homeVitals().map((e) => e.action), { timeout: 10_000 })
    .toEqual(expect.arrayContaining(["CLS", "FCP", "FID", "LCP", "TTFB"]));
  const vitals = homeVitals();
  expect(new Set(vitals.map((e) => e.action)).size).toBe(vitals.length);
  for (const vital of vitals)
    expect(vital.rating, vital.action).toBe(rateVital(vital.action as VitalName, vital.value!));
});

async function privateContext(browser: Browser, baseURL: string | undefined, init: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const origin = ownOrigin(baseURL);
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort("blockedbyclient"),
  );
  await context.addInitScript(init);
  return context;
}

for (const [signal, init] of [
  ["Do-Not-Track", `Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" });`],
  [
    "Global Privacy Control",
    `Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true });`,
  ],
] as const) {
  test(`with ${signal} nothing is sent and no uid is stored`, async ({ browser, baseURL }) => {
    const context = await privateContext(browser, baseURL, init);
    const page = await context.newPage();
    const sent: string[] = [];
    page.on("request", (request) => {
      if (/\/rum\/|\/api\/collect|googletagmanager/.test(request.url())) sent.push(request.url());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await mainNav(page).getByRole("link", { name: "Features" }).click();
    await expect(page).toHaveTitle("Features | Tallyway");
    // An event a tracked visitor would report: a schedule-call click (the page stays; the scheduler is out of reach).
    await page.evaluate(() => window.addEventListener("click", (event) => event.preventDefault()));
    await page.getByRole("contentinfo").getByRole("link", { name: "Schedule a Call" }).click();
    await flush(page);
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1000);
    expect(sent).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("uid"))).toBeNull();
    await context.close();
  });
}

test.describe("service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("is served uncached as JavaScript", async ({ request }) => {
    const response = await request.get("/sw.js");
    expect(response.headers()["content-type"]).toContain("text/javascript");
    expect(response.headers()["cache-control"]).toBe("no-cache");
  });

  test("registers after load and serves a visited page, and the other pages, offline", async ({ page, context }) => {
    await page.goto("/features");
    // Installing precaches the whole build, which takes a few seconds on a busy machine.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ""), { timeout: 30_000 })
      .toMatch(/\/sw\.js$/);
    await context.setOffline(true);
    await page.reload();
    await expect(page).toHaveTitle("Features | Tallyway");
    await expect(page.locator("h1")).toBeVisible();
    await page.goto("/terms");
    await expect(page).toHaveTitle(/Terms/);
    // API calls are never answered from a cache.
    const api = await page.evaluate(() =>
      fetch("/api/collect", { method: "POST", body: "{}" }).then(
        (r) => r.status,
        () => "network error",
      ),
    );
    expect(api).toBe("network error");
    await context.setOffline(false);
  });
});
