/**
 * npm run bench:server — load on loopback with autocannon: an HTML page, a hashed asset, the
 * RUM pixel and /contactUs, each for DURATION seconds (30), against the production server
 * and against a bare node:http baseline answering the same bytes from memory. An endpoint
 * that answers 404 or a redirect (not built yet) is skipped and said so. Samples the
 * server's RSS. SOAK=1 adds 5 minutes (SOAK_SECONDS) of mixed traffic, RSS at start and end.
 * Writes bench/results/server.md.
 */
import { spawn } from "node:child_process";
import { DatabaseSync } from "node:sqlite";
import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { loadSiteConfig } from "../common/site.ts";
import { provenance } from "./lib/results.ts";
import { rssOf, startServer } from "../tests/support/server.ts";
import { databaseFile } from "../server/db/database.ts";

const duration = Number(process.env.DURATION ?? 30);
const connections = Number(process.env.CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 4305);
const baselinePort = port + 1;
const site = loadSiteConfig(process.env);

const largestEntry = readdirSync("build/client/assets")
  .filter((f) => f.startsWith("entry.client-") && f.endsWith(".js"))
  .map((f) => `/assets/${f}`)[0];
const endpoints = [
  { name: "HTML page (/features, br)", path: "/features", query: "" },
  { name: "hashed asset (entry.client, br)", path: largestEntry, query: "" },
  { name: "RUM pixel", path: `/rum/${site.rumSite}/home.png`, query: "?u=bench-visitor&l=%2F&d=3&t=420" },
  {
    name: "/contactUs",
    path: "/contactUs",
    query: `?domain=${encodeURIComponent(site.mailingList)}&type=Lead&name=Bench%20Visitor&email=bench%40example.com&subject=Bench&details=Load%20test%20question`,
  },
];

// The rate limits are raised for the run so the figures measure the server, not the limiter.
const server = await startServer({ PORT: String(port), RATE_LIMIT_PER_MINUTE: "100000000", MEASURE_RATE_LIMIT: "100000000" });
const headers = { "accept-encoding": "br, gzip" };

const canned: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
const skipped: string[] = [];
const live: typeof endpoints = [];
for (const endpoint of endpoints) {
  const response = await fetch(server.url + endpoint.path + endpoint.query, { headers, redirect: "manual" });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status === 404 || (response.status >= 300 && response.status < 400)) {
    skipped.push(`${endpoint.name} (${endpoint.path}) answered ${response.status}: not in this build, skipped`);
    continue;
  }
  live.push(endpoint);
  // fetch decodes the body; the baseline must send the same encoded bytes, so take them from the build.
  const encoding = response.headers.get("content-encoding");
  const file = endpoint.path === "/features" ? "build/client/features/index.html" : `build/client${endpoint.path}`;
  const sent = encoding === "br" ? readFileSync(`${file}.br`) : body;
  canned[endpoint.path] = {
    status: response.status,
    headers: {
      "content-type": response.headers.get("content-type") ?? "application/octet-stream",
      ...(encoding ? { "content-encoding": encoding } : {}),
    },
    body: sent.toString("base64"),
  };
}
const cannedFile = path.join(mkdtempSync(path.join(tmpdir(), "baseline-")), "responses.json");
writeFileSync(cannedFile, JSON.stringify(canned));
const baseline = spawn(process.execPath, ["bench/lib/baseline-server.ts", String(baselinePort), cannedFile], {
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise((resolve) => baseline.stdout!.once("data", resolve));

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  peakRss: number;
  /** 2xx answers, warm-up included. */
  answered: number;
}

async function load(url: string, pid: number, seconds = duration): Promise<Figures> {
  // A short warm-up first, so the figures are of JIT-compiled code.
  const warmUp = await autocannon({ url, connections, duration: Number(process.env.WARMUP ?? 3), headers });
  let peakRss = rssOf(pid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(pid))), 250);
  const result = await autocannon({ url, connections, duration: seconds, headers });
  clearInterval(sampler);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    peakRss,
    answered: warmUp["2xx"] + result["2xx"],
  };
}

/** Leads on disk: every /contactUs answered with success must be one of them ("durable leads"). */
const storedLeads = () => {
  const db = new DatabaseSync(databaseFile(server.dataDir), { readOnly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM leads").get() as { n: number }).n;
  } finally {
    db.close();
  }
};
let durability = "";

const rows: { name: string; ours: Figures; base: Figures }[] = [];
for (const endpoint of live) {
  const leadsBefore = endpoint.path === "/contactUs" ? storedLeads() : 0;
  const ours = await load(server.url + endpoint.path + endpoint.query, server.child.pid!);
  if (endpoint.path === "/contactUs") {
    const stored = storedLeads() - leadsBefore;
    // A lead can be stored without its answer being counted (autocannon stops with one request
    // in flight per connection, in the warm-up and in the run), never the other way round.
    const inFlight = stored - ours.answered;
    const verdict =
      inFlight >= 0 && inFlight <= 2 * connections
        ? `every answered lead is on disk (${inFlight} more stored: requests in flight when autocannon stopped)`
        : "MISMATCH";
    durability = `- /contactUs: ${ours.answered} success answers (warm-up included), ${stored} leads in the database after the run: ${verdict}\n`;
    console.log(durability.trim());
  }
  const base = await load(`http://127.0.0.1:${baselinePort}${endpoint.path}${endpoint.query}`, baseline.pid!);
  rows.push({ name: endpoint.name, ours, base });
  console.log(
    `${endpoint.name}: ${Math.round(ours.rps)} req/s vs baseline ${Math.round(base.rps)} (${(ours.rps / base.rps).toFixed(2)}), p99 ${ours.p99} ms`,
  );
}

let soak = "";
if (process.env.SOAK === "1") {
  const seconds = Number(process.env.SOAK_SECONDS ?? 300);
  const start = server.rss();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(server.rss()), 10_000);
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    headers,
    requests: live.map((e) => ({ method: "GET", path: e.path + e.query })),
  });
  clearInterval(sampler);
  const end = server.rss();
  soak = `\n## Soak: ${seconds} s of mixed traffic (${live.map((e) => e.name).join(", ")})\n\n- ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.errors + result.timeouts} errors, ${result.non2xx} non-2xx\n- RSS at start ${mb(start)} MB, at end ${mb(end)} MB, samples every 10 s: ${samples.map(mb).join(", ")}\n`;
  console.log(soak);
}

baseline.kill("SIGTERM");
await server.stop();

function mb(bytes: number) {
  return (bytes / 2 ** 20).toFixed(0);
}
const report = `# Server benchmark

${provenance()}
- autocannon on loopback, ${connections} connections, ${duration} s per endpoint, \`accept-encoding: br, gzip\`; server and autocannon share the machine's cores
- baseline: a bare node:http server (bench/lib/baseline-server.ts) answering the same encoded bytes from memory

Targets: HTML and assets ≥ 0.75 of the baseline; RUM pixel ≥ 0.5 of the baseline pixel; /contactUs ≥ 1,000 durable leads/s; p99 < 20 ms.

| endpoint | req/s | baseline req/s | ratio | p50 ms | p99 ms | baseline p99 ms | errors | non-2xx | peak RSS MB | baseline peak RSS MB |
| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |
${rows.map((r) => `| ${r.name} | ${Math.round(r.ours.rps)} | ${Math.round(r.base.rps)} | ${(r.ours.rps / r.base.rps).toFixed(2)} | ${r.ours.p50} | ${r.ours.p99} | ${r.base.p99} | ${r.ours.errors} | ${r.ours.non2xx} | ${mb(r.ours.peakRss)} | ${mb(r.base.peakRss)} |`).join("\n")}

${durability}
${skipped.length ? `Skipped:\n${skipped.map((s) => `- ${s}`).join("\n")}\n` : ""}${soak}`;
writeFileSync("bench/results/server.md", report);
console.log("wrote bench/results/server.md");
