/**
 * `npm run bench:usage`: the console's usage report over two years of measurement (issue 29),
 * on SQLite and PostgreSQL: 10 million page views of 1 million visitor ids (SCALE=0.1 for a
 * tenth), made by the database and rolled up as migration 0120's backfill does
 * (tests/support/usage-volume.ts). Against the real server (tests/support/server.ts): the
 * 30-day and 2-year GET /admin/api/usage (each is two reports: the range and the one before),
 * and the latency of leads (GET /contactUs, stored with its notification) and of a page, alone
 * and while five 2-year reports run at once. Writes bench/results/usage.md (usage-scaled.md with
 * SCALE) after each engine; ENGINES=sqlite or ENGINES=postgres for one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseFile, openDatabase } from "../server/db/database.ts";
import { openPostgres } from "../server/db/postgres.ts";
import { hashPassword } from "../server/console/passwords.ts";
import { openStores } from "../server/stores.ts";
import { fixtureBuild } from "../tests/support/app.ts";
import { startServer } from "../tests/support/server.ts";
import { testPostgres } from "../tests/support/services.ts";
import { generatePostgres, generateSqlite, type UsageData } from "../tests/support/usage-volume.ts";
import { provenance } from "./lib/results.ts";

const scale = Number(process.env.SCALE ?? 1);
const data: UsageData = {
  pageViews: Math.round(10_000_000 * scale),
  visitors: Math.round(1_000_000 * scale),
  days: 730,
};
const origin = "https://www.tallyway.example";
const password = "plum-kettle-orbit-47";

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
};
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;

async function timed(url: string, init?: RequestInit) {
  const start = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { ms: performance.now() - start, status: response.status };
}

/** Sequential requests for `seconds`: latency quantiles of one client. */
async function latency(url: string, seconds: number) {
  const times: number[] = [];
  let failed = 0;
  for (const until = Date.now() + seconds * 1000; Date.now() < until;) {
    const { ms: t, status } = await timed(url);
    if (status >= 300) failed++;
    times.push(t);
  }
  return { n: times.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: Math.max(...times), failed };
}

async function measure(engine: string, env: Record<string, string>) {
  const stores = await openStores({ databaseUrl: env.DATABASE_URL ?? "", dataDir: env.DATA_DIR ?? "" });
  // A kept SQLITE_DATA_DIR has the account from its first run.
  await stores.console
    .addAccount({ email: "bench@example.com", role: "viewer", passwordHash: await hashPassword(password) }, new Date())
    .catch((error: Error) => {
      if (!/UNIQUE|duplicate/.test(error.message)) throw error;
    });
  await stores.close();
  const server = await startServer({
    ...env,
    BUILD_DIR: fixtureBuild(),
    RATE_LIMIT_PER_MINUTE: "100000000",
    QUESTIONS_PER_NETWORK_PER_HOUR: "100000000",
    USAGE_REPORT_BUDGET_MS: "60000",
    // Retention (395 days by default) would delete the first year at start.
    MEASURE_RETENTION_DAYS: "800",
    // A report longer than the default 10 s would lose its connection instead of being timed.
    REQUEST_TIMEOUT_MS: "120000",
  });
  try {
    const signIn = await fetch(`${server.url}/admin/api/session`, {
      method: "POST",
      headers: { origin, "sec-fetch-site": "same-origin", "content-type": "application/json" },
      body: JSON.stringify({ email: "bench@example.com", password }),
    });
    const cookie = /^console_session=[^;]*/.exec(signIn.headers.get("set-cookie") ?? "")?.[0];
    if (!cookie) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const usage = (days: number) => timed(`${server.url}/admin/api/usage?days=${days}`, { headers: { cookie } });
    const runs = async (days: number, n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const { ms: t, status } = await usage(days);
        if (status !== 200) throw new Error(`usage?days=${days}: ${status}`);
        times.push(t);
      }
      return { first: times[0], p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
    };
    const month = await runs(30, 20);
    const years = await runs(730, 10);
    console.log(engine, { month, years });
    const lead = `${server.url}/contactUs?${new URLSearchParams({ domain: "www.tallyway.example", type: "Lead", name: "Bench Mark", email: "bench@example.com", subject: "Benchmark", details: "How fast?" })}`;
    const page = `${server.url}/`;
    const quiet = { leads: await latency(lead, 5), pages: await latency(page, 5) };
    // Five 2-year reports at a time, each started again when it ends, while leads and pages are measured.
    let running = true;
    let reports = 0;
    let gaveUp = 0;
    const loops = Array.from({ length: 5 }, async () => {
      while (running) {
        const { status } = await usage(730);
        // Five at once share the report slots: one past its budget is given up (503), as in the console.
        if (status === 503) gaveUp++;
        else if (status !== 200) throw new Error(`usage under load: ${status}`);
        else reports++;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const busy = { leads: await latency(lead, 8), pages: await latency(page, 5) };
    running = false;
    await Promise.all(loops);
    return { engine, month, years, quiet, busy, reports, gaveUp };
  } finally {
    await server.stop();
  }
}

const engines = (process.env.ENGINES ?? "sqlite,postgres").split(",");
const results: (Awaited<ReturnType<typeof measure>> & { generated: number })[] = [];
if (engines.includes("sqlite")) {
  // SQLITE_DATA_DIR: a folder an earlier run generated (kept), measured again without the wait.
  const kept = process.env.SQLITE_DATA_DIR;
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), "bench-usage-"));
  const start = performance.now();
  if (!kept) {
    const db = openDatabase(databaseFile(dataDir));
    generateSqlite(db, data);
    db.close();
  }
  const generated = kept ? NaN : performance.now() - start;
  console.log(`SQLite: generated and rolled up in ${(generated / 1000).toFixed(0)} s`);
  results.push({ ...(await measure("SQLite", { DATA_DIR: dataDir })), generated });
  if (!kept) rmSync(dataDir, { recursive: true, force: true });
  write();
}
if (engines.includes("postgres")) {
  const postgres = await testPostgres();
  try {
    const url = await postgres.databaseUrl();
    const { pool, close } = await openPostgres(url);
    const start = performance.now();
    await generatePostgres(pool, data);
    const generated = performance.now() - start;
    await close();
    console.log(`PostgreSQL: generated and rolled up in ${(generated / 1000).toFixed(0)} s`);
    results.push({
      ...(await measure("PostgreSQL", {
        DATABASE_URL: url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-usage-pg-")),
      })),
      generated,
    });
  } finally {
    await postgres.stop();
  }
  write();
}

/** Writes the figures so far: a long run keeps what it measured on the first engine. */
function write() {
  const verdict = (value: number, limit: number) =>
    `${ms(value)} ${value <= limit ? "(met)" : `(**not met**, target ${ms(limit)})`}`;
  const report = `# Usage report benchmark

${provenance()}
- data: ${data.pageViews.toLocaleString("en-US")} page views of ${data.visitors.toLocaleString("en-US")} visitor ids over ${data.days} days${scale === 1 ? "" : ` (SCALE=${scale})`}, ${Math.floor(data.pageViews / 4).toLocaleString("en-US")} visits, as many beacons, half as many vitals

Each GET /admin/api/usage is two reports (the range and the one before it), through the real
server. Targets (issue 29): 30 days under 500 ms and 2 years under 3 s (p95); leads' and pages'
p99 within 10 ms of their quiet figure while five 2-year reports run at once (one client,
requests one after another).

| engine | data made + rolled up | 30 days p50 / p95 | 2 years p50 / p95 | lead p99 quiet → busy | page p99 quiet → busy | 2-year reports done (given up) while busy |
| --- | --- | --- | --- | --- | --- | --- |
${results
  .map(
    (r) =>
      `| ${r.engine} | ${(r.generated / 1000).toFixed(0)} s | ${ms(r.month.p50)} / ${verdict(r.month.p95, 500)} | ${ms(r.years.p50)} / ${verdict(r.years.p95, 3000)} | ${ms(r.quiet.leads.p99)} → ${ms(r.busy.leads.p99)} (n=${r.busy.leads.n}, max ${ms(r.busy.leads.max)}) | ${ms(r.quiet.pages.p99)} → ${ms(r.busy.pages.p99)} (max ${ms(r.busy.pages.max)}) | ${r.reports} (${r.gaveUp}) |`,
  )
  .join("\n")}

Lead p99 within 10 ms while busy: ${results.map((r) => `${r.engine} ${r.busy.leads.p99 - r.quiet.leads.p99 <= 10 ? "met" : `**not met** (+${ms(r.busy.leads.p99 - r.quiet.leads.p99)})`}`).join(", ")}.
Page p99 within 10 ms while busy: ${results.map((r) => `${r.engine} ${r.busy.pages.p99 - r.quiet.pages.p99 <= 10 ? "met" : `**not met** (+${ms(r.busy.pages.p99 - r.quiet.pages.p99)})`}`).join(", ")}.
`;
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(`bench/results/usage${scale === 1 ? "" : "-scaled"}.md`, report);
  console.log(report);
}
