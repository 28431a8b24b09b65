/**
 * npm run bench:server — wrk on loopback against the production server (tests/support/server.ts)
 * and against a bare node:http baseline that sends the same bytes with the same headers
 * (bench/lib/baseline-server.ts): a prerendered page (br and gzip), a hashed asset, the RUM
 * pixel (every beacon recorded) and /contactUs (every lead stored before its answer). One
 * connection count (CONNECTIONS, 50) and one wrk thread; ROUNDS (3) interleaved rounds of
 * DURATION (10) seconds per endpoint and server, alternating which goes first, after a WARMUP
 * (2 s) each; the table gives the median round. Checks afterwards that every answered lead
 * and beacon is in the database. SOAK=1 adds SOAK_SECONDS (300) of mixed traffic with RSS.
 * ONLY=page-br,page-gzip,asset,pixel,contact picks endpoints. PUBLISH=features-home first publishes
 * that content key (its file's text and one more paragraph), so /features is the page the server
 * rendered at run time rather than the build's file (bench/content.ts compares the two). Writes
 * bench/results/server.md (RESULTS=path writes elsewhere). Needs a build (npm run build) and wrk
 * (apt-get install wrk).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { loadSiteConfig } from "#common/site.ts";
import { contentPublishing } from "../server/content/publishing.ts";
import { databaseFile } from "../server/db/database.ts";
import { openStores } from "../server/stores.ts";
import { rssOf, startServer } from "../tests/support/server.ts";
import type { CannedResponse } from "./lib/baseline-server.ts";
import { median, provenance } from "./lib/results.ts";
import { assertWrkInstalled, rotatingPathsScript, runWrk, type WrkFigures } from "./lib/wrk.ts";

const seconds = Number(process.env.DURATION ?? 10);
const warmUp = Number(process.env.WARMUP ?? 2);
const rounds = Number(process.env.ROUNDS ?? 3);
const connections = Number(process.env.CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 4305);
const baselinePort = port + 1;
const site = loadSiteConfig(process.env);
assertWrkInstalled();

const entry = readdirSync("build/client/assets").find((f) => /^entry\.client-.*\.js$/.test(f));
const uid = "0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a";
const allEndpoints = [
  { key: "page-br", name: "HTML page /features, br", url: "/features", acceptEncoding: "br, gzip" },
  { key: "page-gzip", name: "HTML page /features, gzip", url: "/features", acceptEncoding: "gzip" },
  { key: "asset", name: "hashed asset (entry.client), br", url: `/assets/${entry}`, acceptEncoding: "br, gzip" },
  {
    key: "pixel",
    name: "RUM pixel, every beacon recorded",
    url: `/rum/${site.rumSite}/features.png?u=${uid}&l=home&d=3&t=420`,
    acceptEncoding: "br, gzip",
  },
  {
    key: "contact",
    name: "/contactUs, every lead stored first",
    url: `/contactUs?domain=${encodeURIComponent(site.mailingList)}&type=Lead&name=Bench%20Visitor&email=bench%40example.com&subject=Bench&details=Load%20test%20question`,
    acceptEncoding: "br, gzip",
  },
];
// ONLY=page-br,pixel measures some of them.
const endpoints = process.env.ONLY
  ? allEndpoints.filter((e) => process.env.ONLY!.split(",").includes(e.key))
  : allEndpoints;

// The rate limits are raised for the run so the figures measure the server, not the limiter.
const server = await startServer({
  PORT: String(port),
  RATE_LIMIT_PER_MINUTE: "1000000000",
  QUESTIONS_PER_NETWORK_PER_HOUR: "1000000000",
  MEASURE_RATE_LIMIT: "1000000000",
  // One address sends every beacon here: lift its daily bounds so each one is really written.
  MEASURE_DAILY_ROWS: "1000000000",
  MEASURE_DAILY_BYTES: "1000000000000",
});

// PUBLISH=<key>: the pages showing it are re-rendered at run time before anything is measured.
let published = "";
if (process.env.PUBLISH) {
  const key = process.env.PUBLISH;
  const marker = `Published at run time for the benchmark (${Date.now()}).`;
  const stores = await openStores({ databaseUrl: "", dataDir: server.dataDir });
  const publishing = contentPublishing(stores.content, (entry) => stores.console.audit(entry));
  const by = { account: "bench@example.com", address: "bench", now: new Date() };
  const text = readFileSync(path.join("content", `${key}.md`), "utf8");
  const saved = await publishing.save(key, `${text.trimEnd()}\n\n${marker}\n`, 0, by);
  await publishing.publish(key, saved.version, undefined, by);
  await stores.close();
  const { pagesShowing } = await import("#common/content-keys.ts");
  const page = pagesShowing[key as keyof typeof pagesShowing][0];
  for (const started = Date.now(); !(await (await fetch(`${server.url}${page}`)).text()).includes(marker);) {
    if (Date.now() - started > 30_000) throw new Error(`${page} does not show the publish of ${key} after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  published = `- ${page} is the page the server rendered at run time after a publish of ${key} (PUBLISH), not the build's file\n`;
}

/** One request as sent on the wire: status, headers and the still-encoded body. */
function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${server.url}${url}`, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const headers: Record<string, string> = {};
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i].toLowerCase();
          if (!["date", "connection", "keep-alive", "transfer-encoding"].includes(name))
            headers[name] = response.rawHeaders[i + 1];
        }
        resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    })
      .on("error", reject)
      .end();
  });
}

const canned: CannedResponse[] = [];
for (const endpoint of endpoints) {
  const sent = await rawGet(endpoint.url, endpoint.acceptEncoding);
  if (sent.status !== 200)
    throw new Error(`${endpoint.url} answered ${sent.status}: is the build there (npm run build)?`);
  canned.push({
    url: endpoint.url,
    acceptEncoding: endpoint.acceptEncoding,
    status: sent.status,
    headers: sent.headers,
    body: sent.body.toString("base64"),
  });
}
const cannedFile = path.join(mkdtempSync(path.join(tmpdir(), "baseline-")), "responses.json");
writeFileSync(cannedFile, JSON.stringify(canned));
const baseline = spawn(process.execPath, ["bench/lib/baseline-server.ts", String(baselinePort), cannedFile], {
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise((resolve) => baseline.stdout!.once("data", resolve));
const baselineUrl = `http://127.0.0.1:${baselinePort}`;
// An interrupted run takes its two servers with it.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    baseline.kill();
    server.child.kill();
    process.exit(130);
  });

/** CPU time (user + system) a process has used so far, in microseconds (Linux /proc, clock ticks of 10 ms). */
const cpuMicros = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
};

interface Run extends WrkFigures {
  /** Server CPU time per answered request: unlike req/s, barely moved by other work on the machine. */
  cpuPerRequest: number;
  peakRss: number;
  /** 2xx answers of the warm-up and the run. */
  answered: number;
}

async function measure(base: string, pid: number, endpoint: (typeof endpoints)[number]): Promise<Run> {
  const options = { connections, headers: { "accept-encoding": endpoint.acceptEncoding } };
  const warm = await runWrk(base + endpoint.url, { ...options, seconds: warmUp });
  let peakRss = rssOf(pid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(pid))), 250);
  const cpuBefore = cpuMicros(pid);
  const run = await runWrk(base + endpoint.url, { ...options, seconds });
  const cpuPerRequest = (cpuMicros(pid) - cpuBefore) / run.requests;
  clearInterval(sampler);
  return { ...run, cpuPerRequest, peakRss, answered: warm.requests - warm.non2xx + run.requests - run.non2xx };
}

const count = (table: string) => {
  const db = new DatabaseSync(databaseFile(server.dataDir), { readOnly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

const results = endpoints.map((endpoint) => ({ endpoint, ours: [] as Run[], base: [] as Run[] }));
// Endpoint by endpoint, in the order above: /contactUs last, because every lead it stores queues
// a mail that the outbox then writes out for minutes, which would weigh on whatever came next.
for (const result of results) {
  for (let round = 0; round < rounds; round++) {
    // Interleaved: the two servers take turns going first, so a change in the machine's load hits both.
    const order = round % 2 === 0 ? (["ours", "base"] as const) : (["base", "ours"] as const);
    for (const side of order) {
      const run =
        side === "ours"
          ? await measure(server.url, server.child.pid!, result.endpoint)
          : await measure(baselineUrl, baseline.pid!, result.endpoint);
      result[side].push(run);
      console.log(
        `round ${round + 1} ${result.endpoint.name} ${side}: ${Math.round(run.rps)} req/s, p99 ${run.p99} ms, ${run.cpuPerRequest.toFixed(1)} µs CPU/request`,
      );
    }
  }
}

let soak = "";
if (process.env.SOAK === "1") {
  const soakSeconds = Number(process.env.SOAK_SECONDS ?? 300);
  const start = server.rss();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(server.rss()), 10_000);
  const run = await runWrk(server.url, {
    connections,
    seconds: soakSeconds,
    headers: { "accept-encoding": "br, gzip" },
    script: rotatingPathsScript(endpoints.map((e) => e.url)),
  });
  clearInterval(sampler);
  soak = `\n## Soak: ${soakSeconds} s of mixed traffic (${endpoints.map((e) => e.name).join("; ")})\n\n- ${Math.round(run.rps)} req/s, p99 ${run.p99} ms, ${run.socketErrors} socket errors, ${run.non2xx} non-2xx\n- RSS at start ${mb(start)} MB, at end ${mb(server.rss())} MB, samples every 10 s: ${samples.map(mb).join(", ")}\n`;
  console.log(soak);
}

baseline.kill("SIGTERM");
// The server writes its queued beacons before it exits; then the database is counted.
await server.stop();

/** 2xx answers to requests whose URL starts with `prefix`: the runs, their warm-ups and the one request that captured the bytes. */
const answered = (prefix: string) =>
  results
    .filter((r) => r.endpoint.url.startsWith(prefix))
    .reduce((sum, r) => sum + 1 + r.ours.reduce((s, run) => s + run.answered, 0), 0);
/** Rows stored minus answers counted: never below 0; above only by requests in flight when wrk stopped. */
const check = (what: string, rows: number, answers: number) => {
  const extra = rows - answers;
  const verdict =
    extra >= 0 && extra <= 2 * rounds * connections
      ? `every answered ${what} is on disk (${extra} more stored: in flight when wrk stopped)`
      : "MISMATCH";
  return `${answers} success answers (warm-ups included), ${rows} rows in the database: ${verdict}`;
};
const durability =
  process.env.SOAK === "1"
    ? "- (soak traffic included in the database: per-endpoint durability counts skipped)\n"
    : [
        endpoints.some((e) => e.key === "contact")
          ? `- /contactUs: ${check("lead", count("leads"), answered("/contactUs"))}\n`
          : "",
        endpoints.some((e) => e.key === "pixel")
          ? `- RUM pixel: ${check("beacon", count("rum_beacons"), answered("/rum/"))}\n`
          : "",
      ].join("");

function mb(bytes: number) {
  return (bytes / 2 ** 20).toFixed(0);
}
const medianOf = (runs: Run[], key: keyof Run) => median(runs.map((run) => run[key]));
const row = ({ endpoint, ours, base }: (typeof results)[number]) => {
  // Each round's two runs shared the machine's conditions, so ratios are taken per round.
  const ratios = ours.map((run, i) => run.rps / base[i].rps);
  const cpuRatios = ours.map((run, i) => base[i].cpuPerRequest / run.cpuPerRequest);
  const cells = [
    endpoint.name,
    Math.round(medianOf(ours, "rps")),
    Math.round(medianOf(base, "rps")),
    `**${median(ratios).toFixed(2)}** (${ratios.map((r) => r.toFixed(2)).join(", ")})`,
    `${medianOf(ours, "cpuPerRequest").toFixed(1)} / ${medianOf(base, "cpuPerRequest").toFixed(1)} = ${median(cpuRatios).toFixed(2)}`,
    medianOf(ours, "p50").toFixed(2),
    medianOf(ours, "p99").toFixed(2),
    medianOf(base, "p99").toFixed(2),
    ours.reduce((sum, r) => sum + r.socketErrors + r.non2xx, 0),
    `${mb(Math.max(...ours.map((r) => r.peakRss)))} / ${mb(Math.max(...base.map((r) => r.peakRss)))}`,
  ];
  return `| ${cells.join(" | ")} |`;
};
const report = `# Server benchmark

${provenance()}
- wrk (1 thread) on loopback, ${connections} connections, ${rounds} interleaved rounds of ${seconds} s per endpoint and server (after a ${warmUp} s warm-up each), the two servers taking turns to go first; wrk, the server and the baseline share the machine's cores
- baseline: a bare node:http server (bench/lib/baseline-server.ts) sending the same bytes with the same headers from memory, for each request
${published}
req/s, ratio and latency are the median round; "ratio" is ours / baseline req/s, each round's two runs taken back to back. The CPU column is the server process's CPU time per answered request (from /proc), which other work on the machine barely moves: baseline / ours is what the req/s ratio would be with a core to itself.

Targets: HTML page ≥ 0.75 of the baseline; RUM pixel, recording every beacon, ≥ 0.5 of the baseline pixel; /contactUs ≥ 1,000 durable leads/s; p99 < 10 ms for the page and the pixel.

| endpoint | req/s | baseline req/s | ratio (per round) | CPU µs/request: ours / baseline = ratio | p50 ms | p99 ms | baseline p99 ms | errors + non-2xx | peak RSS MB (ours / baseline) |
| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |
${results.map(row).join("\n")}

${durability}${soak}`;
writeFileSync(process.env.RESULTS ?? "bench/results/server.md", report);
console.log(report);
