/**
 * npm run bench:lighthouse — Lighthouse (mobile preset, Debian Chromium) on every route
 * against the production server, RUNS (3) runs each, median run by performance score.
 * Each route is also measured with every <script> removed (a copy of the build served on
 * a second port): the floor a static page would get, and LCP ours/floor is reported.
 * Writes bench/results/lighthouse.md. Targets: performance 100, LCP ratio ≤ 1.25, CLS 0.
 * ROUTES=/,/features limits the routes for a trial run.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { sitePaths } from "../scripts/site-paths.ts";
import { launchChrome, runLighthouse, type Category } from "./lib/lighthouse.ts";
import { median, provenance } from "./lib/results.ts";
import { startServer } from "../tests/support/server.ts";
import { filesOf } from "../tests/gates/build-output.ts";

const runs = Number(process.env.RUNS ?? 3);
const routes = process.env.ROUTES ? process.env.ROUTES.split(",") : await sitePaths();
const categories: Category[] = ["performance", "accessibility", "best-practices", "seo"];

/** A copy of the build whose pages carry no script at all. */
function scriptlessCopy(): string {
  const floor = path.resolve(".tmp/bench-floor");
  rmSync(floor, { recursive: true, force: true });
  cpSync(path.resolve("build/client"), floor, { recursive: true });
  for (const file of filesOf(floor)) {
    if (!file.endsWith(".html")) continue;
    const html = readFileSync(file, "utf8")
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
    writeFileSync(file, html);
    writeFileSync(`${file}.br`, brotliCompressSync(html));
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  }
  return floor;
}

interface Row {
  route: string;
  scores: Record<Category, number>;
  lcp: number;
  cls: number;
  tbt: number;
  jsBytes: number;
  totalBytes: number;
  floorLcp: number;
}

type Lhr = Awaited<ReturnType<typeof runLighthouse>>;
const numeric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? NaN;
const transfer = (lhr: Lhr, type: string) =>
  ((lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] })?.items ?? []).find(
    (i) => i.resourceType === type,
  )?.transferSize ?? 0;

/** The run with the median performance score (ties: median LCP), so all its figures belong together. */
function medianRun(results: Lhr[]): Lhr {
  const sorted = [...results].sort(
    (a, b) =>
      (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0) ||
      numeric(b, "largest-contentful-paint") - numeric(a, "largest-contentful-paint"),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const started = Date.now();
const ours = await startServer({ PORT: process.env.BENCH_PORT ?? "4391" });
const floor = await startServer({ PORT: process.env.BENCH_FLOOR_PORT ?? "4392", BUILD_DIR: scriptlessCopy() });
const chrome = await launchChrome();
const rows: Row[] = [];
try {
  for (const route of routes) {
    const ourRuns: Lhr[] = [];
    const floorLcps: number[] = [];
    for (let i = 0; i < runs; i++) {
      ourRuns.push(await runLighthouse(ours.url + route, chrome.port, categories));
      floorLcps.push(numeric(await runLighthouse(floor.url + route, chrome.port, ["performance"]), "largest-contentful-paint"));
    }
    const lhr = medianRun(ourRuns);
    const row: Row = {
      route,
      scores: Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>,
      lcp: numeric(lhr, "largest-contentful-paint"),
      cls: numeric(lhr, "cumulative-layout-shift"),
      tbt: numeric(lhr, "total-blocking-time"),
      jsBytes: transfer(lhr, "script"),
      totalBytes: transfer(lhr, "total"),
      floorLcp: median(floorLcps),
    };
    rows.push(row);
    console.log(
      `${route.padEnd(30)} perf ${row.scores.performance} LCP ${Math.round(row.lcp)} ms (floor ${Math.round(row.floorLcp)}) CLS ${row.cls.toFixed(3)} TBT ${Math.round(row.tbt)}`,
    );
  }
} finally {
  await chrome.kill();
  await Promise.all([ours.stop(), floor.stop()]);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ratio = (row: Row) => row.lcp / row.floorLcp;
const worst = [...rows].sort((a, b) => a.scores.performance - b.scores.performance || ratio(b) - ratio(a))[0];
const misses = rows.flatMap((r) => [
  ...(r.scores.performance < 100 ? [`${r.route}: performance ${r.scores.performance}`] : []),
  ...(ratio(r) > 1.25 ? [`${r.route}: LCP ratio ${ratio(r).toFixed(2)}`] : []),
  ...(r.cls > 0 ? [`${r.route}: CLS ${r.cls.toFixed(3)}`] : []),
]);
const report = `# Lighthouse benchmark

${provenance()}
- Lighthouse mobile preset (simulated throttling), Chromium ${process.env.CHROME_PATH ?? "/usr/bin/chromium"}, ${runs} run(s) per route, median run by performance score; floor = the same page with every script removed, median LCP of ${runs} run(s)
- took ${((Date.now() - started) / 60000).toFixed(1)} min

Targets: performance 100 on every route, LCP ours/floor ≤ 1.25, CLS 0.

| route | perf | a11y | best pr. | SEO | LCP ms | floor LCP ms | LCP ratio | CLS | TBT ms | JS KB | total KB |
| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |
${rows.map((r) => `| ${r.route} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${Math.round(r.lcp)} | ${Math.round(r.floorLcp)} | ${ratio(r).toFixed(2)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} | ${kb(r.jsBytes)} | ${kb(r.totalBytes)} |`).join("\n")}

Worst route: ${worst ? `${worst.route} (performance ${worst.scores.performance}, LCP ${Math.round(worst.lcp)} ms, ratio ${ratio(worst).toFixed(2)})` : "none"}.

${misses.length ? `Short of target:\n${misses.map((m) => `- ${m}`).join("\n")}` : "Every route meets the targets."}
`;
writeFileSync("bench/results/lighthouse.md", report);
console.log(`wrote bench/results/lighthouse.md`);
