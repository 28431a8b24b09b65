/**
 * node bench/hydration-probe.ts http://localhost:3411 http://localhost:3412 — issue 41's load-independent
 * figures for a page on running servers (e.g. two builds, each served with BUILD_DIR=): how many DOM elements
 * carry a React fiber once hydration has settled (in <body> and in <main>), and how many function calls our
 * scripts made until then (V8 precise coverage with call counts). RUNS (5) loads per server, alternated;
 * ROUTE (/features/billing). Prints each load and the medians; Lighthouse's timings are bench/lighthouse.ts.
 */
import { chromium, type Page } from "playwright-core";
import { chromiumPath } from "../scripts/chromium.ts";
import { spread } from "./lib/results.ts";

const servers = process.argv.slice(2);
const route = process.env.ROUTE ?? "/features/billing";
const runs = Number(process.env.RUNS ?? 5);

const fiberCounts = (page: Page) =>
  page.evaluate(() => {
    const hasFiber = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
    const body = [...document.body.querySelectorAll("*")];
    const main = [...(document.querySelector("main")?.querySelectorAll("*") ?? [])];
    return { body: body.filter(hasFiber).length, main: main.filter(hasFiber).length };
  });

async function probe(origin: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
    await page.goto(origin + route);
    // Settled: the same counts three polls in a row (lazy parts hydrate when near, so this is the first screen's).
    let last = "";
    for (let same = 0, i = 0; same < 3 && i < 60; i++) {
      await page.waitForTimeout(500);
      const now = JSON.stringify(await fiberCounts(page));
      same = now === last ? same + 1 : 0;
      last = now;
    }
    const { result } = await cdp.send("Profiler.takePreciseCoverage");
    const calls = result
      .filter((script) => script.url.includes("/assets/"))
      .flatMap((script) => script.functions)
      .reduce((sum, fn) => sum + fn.ranges[0].count, 0);
    return { ...(JSON.parse(last) as { body: number; main: number }), calls };
  } finally {
    await browser.close();
  }
}

const results = new Map<string, { body: number; main: number; calls: number }[]>();
for (let i = 0; i < runs; i++)
  for (const origin of servers) {
    const figures = await probe(origin);
    results.set(origin, [...(results.get(origin) ?? []), figures]);
    console.log(origin, route, JSON.stringify(figures));
  }
for (const [origin, figures] of results) {
  const { min, median, max } = spread(figures.map((f) => f.calls));
  console.log(
    `${origin}${route}: fibers in body ${figures[0].body}, in main ${figures[0].main}; calls ${median} (${min}–${max})`,
  );
}
