/**
 * npm run bench:lighthouse — Lighthouse (mobile preset, Debian Chromium) on every route
 * against the production server, RUNS (3) runs each; every figure as its median and its range
 * (minimum–maximum) over the runs.
 * Each route is also measured with every <script> removed (a copy of the build served on
 * a second port): the floor a static page would get, and LCP ours/floor is reported, as is the
 * main-thread work (Lighthouse's simulated 4x figure) of both: what our scripts add to a static page.
 * Every run has a browser of its own, as a single `lighthouse` run would: one browser reused
 * across runs keeps V8's compiled code in memory and under-reports script evaluation.
 * Writes bench/results/lighthouse.md. Targets in every run: performance 100, CLS 0, TBT < 50 ms;
 * median LCP ours/floor ≤ 1.25.
 * ROUTES=/,/features limits the routes for a trial run; RUNS sets the runs; BUILD_DIR measures another
 * build (an earlier commit's, for a before/after; its floor is made from it); OUT names the results file.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { sitePaths } from "../scripts/site-paths.ts";
import { launchChrome, runLighthouse, type Category } from "./lib/lighthouse.ts";
import { provenance, spread, type Spread } from "./lib/results.ts";
import { startServer } from "../tests/support/server.ts";
import { filesOf } from "../tests/gates/build-output.ts";
import { chromiumPath } from "../scripts/chromium.ts";

const runs = Number(process.env.RUNS ?? 3);
const routes = process.env.ROUTES ? process.env.ROUTES.split(",") : await sitePaths();
const categories: Category[] = ["performance", "accessibility", "best-practices", "seo"];

/** A copy of the build whose pages carry no script at all. */
function scriptlessCopy(): string {
  const floor = path.resolve(".tmp/bench-floor");
  rmSync(floor, { recursive: true, force: true });
  cpSync(path.resolve(process.env.BUILD_DIR ?? "build/client"), floor, { recursive: true });
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
  scores: Record<Category, Spread>;
  lcp: Spread;
  cls: Spread;
  tbt: Spread;
  mainThread: Spread;
  scriptEval: Spread;
  floorMainThread: Spread;
  jsBytes: Spread;
  totalBytes: Spread;
  floorLcp: Spread;
  failed: string[];
}

type Lhr = Awaited<ReturnType<typeof runLighthouse>>;
const numeric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? NaN;
const transfer = (lhr: Lhr, type: string) =>
  (
    (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] })?.items ??
    []
  ).find((i) => i.resourceType === type)?.transferSize ?? 0;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const cls = (value: number) => value.toFixed(3);
// A run Lighthouse could not finish (its runtimeError) has no score: NaN; it is left out of the figures and counted.
const score = (lhr: Lhr, category: Category) => Math.round((lhr.categories[category]?.score ?? NaN) * 100);

/** "median (min–max)", or the one value when every run gave it; "–" when no run did. */
function cell(
  { min, median, max }: Spread,
  show: (value: number) => string = (value) => String(Math.round(value)),
): string {
  if (Number.isNaN(median)) return "–";
  return show(min) === show(max) ? show(median) : `${show(median)} (${show(min)}–${show(max)})`;
}

const started = Date.now();
const ours = await startServer({
  PORT: process.env.BENCH_PORT ?? "4391",
  ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
});
const floor = await startServer({ PORT: process.env.BENCH_FLOOR_PORT ?? "4392", BUILD_DIR: scriptlessCopy() });
/** One Lighthouse run in a browser of its own. */
async function singleRun(url: string, only: Category[]): Promise<Lhr> {
  const chrome = await launchChrome();
  try {
    return await runLighthouse(url, chrome.port, only);
  } finally {
    await chrome.kill();
  }
}
/** A run Lighthouse could not finish (it sometimes misses the navigation's start in its trace) is run again, at most twice; the misses are reported. */
const misses: string[] = [];
async function finishedRun(url: string, only: Category[]): Promise<Lhr> {
  let lhr = await singleRun(url, only);
  for (let retry = 0; lhr.runtimeError && retry < 2; retry++) {
    misses.push(`${url.replace(/^https?:\/\/[^/]+/, "")}: ${lhr.runtimeError.code}, run again`);
    lhr = await singleRun(url, only);
  }
  return lhr;
}
const rows: Row[] = [];
try {
  for (const route of routes) {
    const ourRuns: Lhr[] = [];
    const floorRuns: Lhr[] = [];
    for (let i = 0; i < runs; i++) {
      ourRuns.push(await finishedRun(ours.url + route, categories));
      floorRuns.push(await finishedRun(floor.url + route, ["performance"]));
    }
    const finished = ourRuns.filter((lhr) => !Number.isNaN(score(lhr, "performance")));
    const over = (figure: (lhr: Lhr) => number) => spread(finished.map(figure));
    const row: Row = {
      route,
      scores: Object.fromEntries(categories.map((c) => [c, over((lhr) => score(lhr, c))])) as Record<Category, Spread>,
      lcp: over((lhr) => numeric(lhr, "largest-contentful-paint")),
      cls: over((lhr) => numeric(lhr, "cumulative-layout-shift")),
      tbt: over((lhr) => numeric(lhr, "total-blocking-time")),
      mainThread: over((lhr) => numeric(lhr, "mainthread-work-breakdown")),
      scriptEval: over((lhr) => numeric(lhr, "bootup-time")),
      floorMainThread: spread(floorRuns.map((lhr) => numeric(lhr, "mainthread-work-breakdown"))),
      jsBytes: over((lhr) => transfer(lhr, "script")),
      totalBytes: over((lhr) => transfer(lhr, "total")),
      floorLcp: spread(floorRuns.map((lhr) => numeric(lhr, "largest-contentful-paint"))),
      failed: ourRuns.filter((lhr) => !finished.includes(lhr)).map((lhr) => lhr.runtimeError?.code ?? "no score"),
    };
    rows.push(row);
    console.log(
      `${route.padEnd(30)} perf ${cell(row.scores.performance)} LCP ${cell(row.lcp)} ms (floor ${cell(row.floorLcp)}) CLS ${cell(row.cls, cls)} TBT ${cell(row.tbt)} main thread ${cell(row.mainThread)} ms (floor ${cell(row.floorMainThread)})`,
    );
  }
} finally {
  await Promise.all([ours.stop(), floor.stop()]);
}

const ratio = (row: Row) => row.lcp.median / row.floorLcp.median;
const worst = [...rows].sort((a, b) => a.scores.performance.min - b.scores.performance.min || ratio(b) - ratio(a))[0];
const shortOf = rows.flatMap((r) => [
  ...(r.failed.length
    ? [`${r.route}: ${r.failed.length} of ${runs} run(s) failed (${r.failed.join(", ")}), left out`]
    : []),
  ...(r.scores.performance.min < 100 ? [`${r.route}: performance ${cell(r.scores.performance)}`] : []),
  ...(ratio(r) > 1.25 ? [`${r.route}: LCP ratio ${ratio(r).toFixed(2)}`] : []),
  ...(r.cls.max > 0 ? [`${r.route}: CLS ${cell(r.cls, cls)}`] : []),
  ...(r.tbt.max >= 50 ? [`${r.route}: TBT ${cell(r.tbt)} ms`] : []),
]);
const report = `# Lighthouse benchmark

${provenance()}
- build measured: ${process.env.BUILD_DIR ?? "build/client, built from this commit"}
- Lighthouse mobile preset (simulated throttling), Chromium ${chromiumPath}, ${runs} run(s) per route; floor = the same page with every script removed, ${runs} run(s)
- took ${((Date.now() - started) / 60000).toFixed(1)} min

Each figure is the median over the runs, with the range (minimum–maximum) in brackets when the runs differ;
the LCP ratio is median over median. Main-thread work and script evaluation are Lighthouse's
figures for a phone 4× slower than this machine (its simulated throttling multiplies what it measured);
"floor main thread" is the same page with every script removed, so ours minus floor is what our
scripts cost.
Targets: performance 100, CLS 0 and TBT under 50 ms in every run of every route; LCP ours/floor ≤ 1.25.

| route | perf | a11y | best pr. | SEO | LCP ms | floor LCP ms | LCP ratio | CLS | TBT ms | main thread ms | floor main thread ms | script eval ms | JS KB | total KB |
| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |
${rows.map((r) => `| ${r.route} | ${categories.map((c) => cell(r.scores[c])).join(" | ")} | ${cell(r.lcp)} | ${cell(r.floorLcp)} | ${ratio(r).toFixed(2)} | ${cell(r.cls, cls)} | ${cell(r.tbt)} | ${cell(r.mainThread)} | ${cell(r.floorMainThread)} | ${cell(r.scriptEval)} | ${cell(r.jsBytes, kb)} | ${cell(r.totalBytes, kb)} |`).join("\n")}

Worst route: ${worst ? `${worst.route} (performance ${cell(worst.scores.performance)}, LCP ${cell(worst.lcp)} ms, ratio ${ratio(worst).toFixed(2)})` : "none"}.

${shortOf.length ? `Short of target:\n${shortOf.map((m) => `- ${m}`).join("\n")}` : "Every route meets the targets."}
${misses.length ? `\nRuns Lighthouse could not finish and ran again:\n${misses.map((m) => `- ${m}`).join("\n")}\n` : ""}
`;
const out = process.env.OUT ?? "bench/results/lighthouse.md";
writeFileSync(out, report);
console.log(`wrote ${out}`);
