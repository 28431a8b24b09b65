/**
 * npm run bench:content — content published without a build (issue 30), on the real server and
 * build (npm run build first):
 * (a) publish-to-served: an editor publishes the home heading through the console's API, and the
 *     time until a fresh GET / answers with it is taken, SAMPLES (25) times: on one instance on
 *     SQLite (the server finds a publish by its CONTENT_CHECK_SECONDS check), and on two instances
 *     on one PostgreSQL, published on A and polled on B (LISTEN/NOTIFY, the check as a fallback).
 *     Each publish starts a different time after the last (a fixed spread over one second), so the
 *     samples fall anywhere in the one-second check.
 * (b) the static path: `bench/server.ts` (wrk against a bare node:http baseline sending the same
 *     bytes) for /features as the build made it, then with /features rendered again at run time
 *     after a publish (PUBLISH=features-home); the two ratios to the baseline side by side.
 * SKIP_WRK=1 runs (a) only. Writes bench/results/content.md.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { consoleApiPath } from "#common/console.ts";
import { startServer, type RunningServer } from "../tests/support/server.ts";
import { startPostgres } from "../tests/support/services.ts";
import { provenance } from "./lib/results.ts";

const samples = Number(process.env.SAMPLES ?? 25);
const buildDir = path.resolve("build/client");
const email = "bench-editor@example.com";
const password = "bench-password-long-enough";

/** An editor account made the operators' way (npm run users), on SQLite's DATA_DIR or DATABASE_URL. */
function addEditor(env: Record<string, string>, dataDir: string) {
  execFileSync("npm", ["run", "-s", "users", "--", "add", email, "--role", "editor", "--data-dir", dataDir], {
    input: `${password}\n`,
    env: { ...process.env, ...env },
  });
}

/** The console's API as the editor's browser calls it: signed in, same origin. */
async function consoleSession(server: RunningServer) {
  const headers = { "content-type": "application/json", origin: server.url };
  const signIn = await fetch(`${server.url}${consoleApiPath}/session`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = signIn.headers.get("set-cookie")!.split(";")[0];
  return async (route: string, body: unknown) => {
    const answer = await fetch(`${server.url}${consoleApiPath}/content/${route}`, {
      method: "POST",
      headers: { ...headers, cookie },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${route} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as { saved?: { version: number } };
  };
}

/** Publishes SAMPLES new home headings on `publishOn`, each timed until `pollOn` serves it. */
async function publishToServed(publishOn: RunningServer, pollOn: RunningServer): Promise<number[]> {
  const call = await consoleSession(publishOn);
  const times: number[] = [];
  let base = 0;
  for (let i = 0; i < samples; i++) {
    await new Promise((resolve) => setTimeout(resolve, (i * 389) % 1000));
    const heading = `Every billable hour, sample ${i} of ${Date.now()}`;
    const { saved } = await call("save", { key: "home-heading", body: `# ${heading}`, baseVersion: base });
    base = saved!.version;
    const started = performance.now();
    await call("publish", { key: "home-heading", version: base });
    while (!(await (await fetch(`${pollOn.url}/`)).text()).includes(heading)) {
      if (performance.now() - started > 30_000) throw new Error(`${pollOn.url} did not serve sample ${i} in 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    times.push(performance.now() - started);
  }
  return times;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value: number) => `${Math.round(value)}`;
const row = (setup: string, times: number[]) =>
  `| ${setup} | ${times.length} | ${ms(Math.min(...times))} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${ms(Math.max(...times))} |`;

// (a) one instance on SQLite.
const sqlite = await startServer({ BUILD_DIR: buildDir });
addEditor({}, sqlite.dataDir);
const onSqlite = await publishToServed(sqlite, sqlite);
await sqlite.stop();
console.log(`SQLite: ${onSqlite.map(ms).join(", ")} ms`);

// (a) two instances on one PostgreSQL: published on A, polled on B.
const postgres = await startPostgres();
const both = { BUILD_DIR: buildDir, DATABASE_URL: postgres.url };
const a = await startServer(both);
const b = await startServer(both);
addEditor({ DATABASE_URL: postgres.url }, a.dataDir);
const onPostgres = await publishToServed(a, b);
await Promise.all([a.stop(), b.stop()]);
await postgres.stop();
console.log(`PostgreSQL, A to B: ${onPostgres.map(ms).join(", ")} ms`);

// (b) the static path, the build's file against the page rendered at run time.
const wrkRuns: { what: string; file: string }[] = [
  { what: "the build's file", file: "/tmp/bench-content-static-build.md" },
  { what: "rendered at run time after a publish", file: "/tmp/bench-content-static-published.md" },
];
let staticPath = "(skipped: SKIP_WRK=1)\n";
if (process.env.SKIP_WRK !== "1") {
  const rows: string[] = [];
  for (const [index, run] of wrkRuns.entries()) {
    const env = { ...process.env, ONLY: "page-br,page-gzip", RESULTS: run.file, BENCH_PORT: "4315" };
    const child = spawn(process.execPath, ["bench/server.ts"], {
      env: index === 0 ? env : { ...env, PUBLISH: "features-home" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const code = await new Promise((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`bench/server.ts exited with ${code}`);
    const report = readFileSync(run.file, "utf8");
    const load = /load average at the end[^:]*: (.*)/.exec(report)?.[1] ?? "?";
    for (const line of report.split("\n").filter((l) => l.startsWith("| HTML page")))
      rows.push(
        `| ${run.what} ${line.slice(1, line.indexOf("|", 2)).trim()} |${line.slice(line.indexOf("|", 2) + 1)} ${load} |`,
      );
  }
  staticPath = `| /features, as | req/s | baseline req/s | ratio (per round) | CPU µs/request: ours / baseline = ratio | p50 ms | p99 ms | baseline p99 ms | errors + non-2xx | peak RSS MB (ours / baseline) | load average at the end |
| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --- |
${rows.join("\n")}
`;
}

const report = `# Content published without a build

${provenance()}
- samples: ${samples} publishes per setup, each started a different time after the last (spread over one second); CONTENT_CHECK_SECONDS at its default (1)

## (a) Publish to served

Milliseconds from the editor's publish request (console API) to the first GET / that answers with the new heading: the publish, the re-render of / and its route data with the build's renderer, and the swap.

| setup | samples | min | p50 | p95 | max |
| --- | --: | --: | --: | --: | --: |
${row("one instance, SQLite (found by the 1 s check)", onSqlite)}
${row("two instances, one PostgreSQL: published on A, served by B (LISTEN/NOTIFY)", onPostgres)}

## (b) The static path, before and after a run-time render

wrk against a bare node:http baseline sending the same bytes with the same headers (bench/server.ts, ONLY=page-br,page-gzip): first /features as the build wrote it, then, in a second run, /features after a publish of features-home (PUBLISH=features-home), served from the page the server rendered at run time. The pages are served from memory either way; the ratio is what to compare (req/s moves with the machine's load).

${staticPath}`;
writeFileSync("bench/results/content.md", report);
console.log(report);
