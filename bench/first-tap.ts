/**
 * npm run bench:first-tap — how soon the first tap on a control answers on a slow phone:
 * Chromium at 390 × 844 with the CPU slowed 4× and 6× (CDP), each control tapped at 100, 300 and
 * 1,000 ms after first paint on a fresh load. Per tap: the time from the pointer going down to a
 * visible response (or "none" within 5 s: the tap was lost), and the longest Event Timing duration
 * of the tap's events (pointerdown, pointerup, click). Goals (issue 24): every visible response
 * within 100 ms at 4×, every tap's duration under 200 ms at 6×.
 * The contact form's Submit is pressed with the form empty: its answer is the first field focused
 * with its message (the app's validation, or the browser's own before the app runs).
 * Writes bench/results/first-tap.md unless OUT names another file (LABEL heads its section);
 * BUILD_DIR serves another build (an earlier commit's, for a before/after); CONTROLS=menu,play
 * limits the controls for a trial run.
 */
import { writeFileSync } from "node:fs";
import { chromium, type Page } from "playwright-core";
import { provenance } from "./lib/results.ts";
import { startServer } from "../tests/support/server.ts";
import { chromiumLaunchOptions } from "../scripts/chromium.ts";

interface Control {
  name: string;
  route: string;
  /** Where the tap goes (CSS selector of an element whose centre is tapped). */
  target: string;
  /** Evaluated in the page after the tap until true: the visible response. */
  responded: string;
  /** Done after first paint, before the tap (filling a form in). */
  prepare?: (page: Page) => Promise<void>;
}

const controls: Control[] = [
  {
    name: "menu",
    route: "/",
    target: "[aria-controls='mobile-menu']",
    responded: "document.getElementById('mobile-menu')?.checkVisibility() === true",
  },
  {
    name: "collapsible",
    route: "/demo-timesheet",
    target: "main details > summary, main h3 > button[aria-expanded]",
    responded: "!!document.querySelector('main details[open], main h3 > button[aria-expanded=true]')",
  },
  {
    // A link to slide 2 until the app runs (the strip scrolls to it), a button after.
    name: "carousel next",
    route: "/",
    target: "[aria-label='Next slide']",
    responded:
      "location.hash === '#carousel-slide-2' || /^2 of/.test(document.querySelector('[aria-roledescription=slide][data-active]')?.getAttribute('aria-label') ?? '')",
  },
  {
    // The slide picker: links to each slide until the app runs (the strip scrolls to it), then buttons.
    name: "carousel picker",
    route: "/",
    target: "[aria-label^='Show slide 2 of']",
    responded:
      "location.hash === '#carousel-slide-2' || /^2 of/.test(document.querySelector('[aria-roledescription=slide][data-active]')?.getAttribute('aria-label') ?? '')",
  },
  {
    name: "play",
    route: "/demo-timesheet",
    target: "main figure a[aria-label^='Play video'], main figure button[aria-label^='Play video']",
    // The player's frame in place, or the page leaving for the video (a link before the app runs).
    responded: "!!document.querySelector('main figure iframe') || window.__leaving === true",
  },
  {
    name: "contact submit",
    route: "/contact",
    target: "main form[aria-label='Contact form'] button[type=submit]",
    // Filled in first (the tap then lands when the typing is done, if that is later than its time).
    prepare: async (page) => {
      const form = page.locator("main form[aria-label='Contact form']");
      await form.locator("input[name=name]").fill("Ada Lovelace");
      await form.locator("input[name=email]").fill("ada@example.com");
      await form.locator("textarea[name=details]").fill("How soon does the form answer a tap?");
    },
    // The app's sending state, or the page leaving with the form's own post (before the app runs).
    responded: `!!document.querySelector("main form[aria-label='Contact form'] button[aria-busy=true], main form[aria-label='Contact form'] [role=status]:not(:empty)") || window.__leaving === true`,
  },
];
const tapDelays = [100, 300, 1000];
const throttles = [4, 6];
const responseTimeoutMs = 5000;

/** Installed before the page's scripts: first paint, the tap's time, its Event Timing entries, leaving. */
const probe = `
window.__events = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (["pointerdown", "pointerup", "click"].includes(e.name)) window.__events.push(e.duration);
}).observe({ type: "event", durationThreshold: 16, buffered: true });
addEventListener("pointerdown", () => { window.__tapAt ??= performance.now(); }, { capture: true });
addEventListener("beforeunload", () => { window.__leaving = true; });
`;

interface Tap {
  control: string;
  throttle: number;
  delay: number;
  /** When the tap really landed (later than `delay` when filling the form in took longer). */
  tappedAfterPaintMs: number | undefined;
  responseMs: number | undefined;
  durationMs: number;
}

async function tapOnce(page: Page, control: Control, throttle: number, delay: number, baseUrl: string): Promise<Tap> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  // The video host and the rest of the world are out of reach, as in the tests: a link to the video
  // counts as answered once the page starts leaving.
  await page.route(
    (url) => url.origin !== new URL(baseUrl).origin,
    (route) => route.abort(),
  );
  await page.goto(new URL(control.route, baseUrl).href, { waitUntil: "commit" });
  const paintedAt = await page.waitForFunction(() => performance.getEntriesByName("first-paint")[0]?.startTime, null, {
    polling: 10,
  });
  const firstPaint = Number(await paintedAt.jsonValue());
  const target = page.locator(control.target).first();
  // Below-the-fold controls come into view at once, as after a quick swipe.
  await target.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
  await control.prepare?.(page);
  const now = await page.evaluate(() => performance.now());
  await page.waitForTimeout(Math.max(0, firstPaint + delay - now));
  // The facade of a video turns from a link into a button as the app hydrates: take the one there now.
  let box = await target.boundingBox();
  for (let i = 0; !box && i < 20; i++) box = await target.boundingBox();
  if (!box) throw new Error(`${control.name}: ${control.target} has no box on ${control.route}`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  let responseMs: number | undefined;
  try {
    const answered = await page.waitForFunction(`(${control.responded}) && performance.now() - window.__tapAt`, null, {
      polling: "raf",
      timeout: responseTimeoutMs,
    });
    responseMs = Number(await answered.jsonValue());
  } catch {
    responseMs = undefined;
  }
  const durations = (await page.evaluate("window.__events ?? []").catch(() => [])) as number[];
  const tappedAt = (await page.evaluate("window.__tapAt").catch(() => undefined)) as number | undefined;
  await cdp.detach().catch(() => {});
  return {
    control: control.name,
    throttle,
    delay,
    tappedAfterPaintMs: tappedAt === undefined ? undefined : tappedAt - firstPaint,
    responseMs,
    durationMs: Math.max(0, ...durations),
  };
}

const server = await startServer(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {});
const browser = await chromium.launch(chromiumLaunchOptions);
const taps: Tap[] = [];
try {
  for (const throttle of throttles)
    for (const control of controls.filter(
      (c) => !process.env.CONTROLS || process.env.CONTROLS.split(",").includes(c.name),
    ))
      for (const delay of tapDelays) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });
        await context.addInitScript(probe);
        const page = await context.newPage();
        const tap = await tapOnce(page, control, throttle, delay, server.url);
        taps.push(tap);
        console.log(
          `${throttle}× ${control.name} at ${delay} ms (tapped at ${tap.tappedAfterPaintMs?.toFixed(0)}): response ${tap.responseMs?.toFixed(0) ?? "none"} ms, duration ${tap.durationMs} ms`,
        );
        await context.close();
      }
} finally {
  await browser.close();
  await server.stop();
}

const fmt = (ms: number | undefined) => (ms === undefined ? "none" : `${Math.round(ms)}`);
const table = [
  "| CPU | control | tap at (ms after first paint) | tapped at | visible response (ms) | event duration (ms) |",
  "| --- | --- | --- | --: | --: | --: |",
  ...taps.map(
    (t) =>
      `| ${t.throttle}× | ${t.control} | ${t.delay} | ${fmt(t.tappedAfterPaintMs)} | ${fmt(t.responseMs)} | ${t.durationMs} |`,
  ),
].join("\n");
const at4 = taps.filter((t) => t.throttle === 4);
const at6 = taps.filter((t) => t.throttle === 6);
const summary = [
  `- responses within 100 ms at 4×: ${at4.filter((t) => t.responseMs !== undefined && t.responseMs <= 100).length} of ${at4.length}`,
  `- taps under 200 ms event duration at 6×: ${at6.filter((t) => t.durationMs < 200).length} of ${at6.length}`,
].join("\n");
const build = `- build measured: ${process.env.BUILD_DIR ?? "build/client, built from this commit"}`;
const section = `## ${process.env.LABEL ?? "this build"}\n\n${provenance()}\n${build}\n\n${summary}\n\n${table}\n`;
writeFileSync(process.env.OUT ?? "bench/results/first-tap.md", section);
console.log(summary);
