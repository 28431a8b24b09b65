/**
 * npm run bench:instances — /contactUs durable leads per second and p99 latency, wrk on
 * loopback, for: SQLite with one instance (the default), PostgreSQL with one instance, and
 * PostgreSQL with two instances (one wrk per instance, half the connections each, as a load
 * balancer would spread them). PostgreSQL is a throwaway cluster with fsync on
 * (tests/support/services.ts) and the PostgreSQL runs share a redis-server for the rate limits,
 * as several instances are deployed. Every lead answered with success is counted in the
 * database afterwards. ROUNDS (2) rounds of DURATION (10) s per setup after WARMUP (2) s,
 * CONNECTIONS (50) in all; the table gives the median round. Writes
 * bench/results/instances.md (RESULTS=path writes elsewhere). SETUPS picks the rows
 * (sqlite, postgres-1, postgres-2; all by default): `npm run bench:contact` is the first two,
 * each engine's durable leads per second. Needs wrk and the Debian postgresql and
 * redis-server packages.
 */
import { writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { fixtureBuild } from "../tests/support/app.ts";
import { startServer, type RunningServer } from "../tests/support/server.ts";
import { startPostgres, startRedis } from "../tests/support/services.ts";
import { databaseFile } from "../server/db/database.ts";
import { median, provenance } from "./lib/results.ts";
import { assertWrkInstalled, runWrk, type WrkFigures } from "./lib/wrk.ts";

const seconds = Number(process.env.DURATION ?? 10);
const warmUp = Number(process.env.WARMUP ?? 2);
const rounds = Number(process.env.ROUNDS ?? 2);
const connections = Number(process.env.CONNECTIONS ?? 50);
assertWrkInstalled();

const buildDir = fixtureBuild();
const contact =
  "/contactUs?type=Lead&name=Bench%20Visitor&email=bench%40example.com&subject=Bench&details=Load%20test%20question";
const limits = {
  RATE_LIMIT_PER_MINUTE: "1000000000",
  QUESTIONS_PER_NETWORK_PER_HOUR: "1000000000",
  MEASURE_RATE_LIMIT: "1000000000",
};

const [postgres, redis] = await Promise.all([startPostgres({ durable: true }), startRedis()]);
const postgresVersion = await (async () => {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>("SHOW server_version");
  await client.end();
  return rows[0].server_version.split(" ")[0];
})();
const stopAll: (() => Promise<unknown>)[] = [() => redis.stop(), () => postgres.stop()];
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(
    signal,
    () => void Promise.all(stopAll.map((stop) => stop().catch(() => {}))).then(() => process.exit(130)),
  );

interface Setup {
  name: string;
  instances: RunningServer[];
  /** Leads in the database. */
  count(): Promise<number>;
  close(): Promise<void>;
}

async function sqliteSetup(): Promise<Setup> {
  const server = await startServer({ BUILD_DIR: buildDir, ...limits });
  return {
    name: "SQLite, 1 instance",
    instances: [server],
    async count() {
      const db = new DatabaseSync(databaseFile(server.dataDir), { readOnly: true });
      try {
        return (db.prepare("SELECT count(*) AS n FROM leads").get() as { n: number }).n;
      } finally {
        db.close();
      }
    },
    close: async () => void (await server.stop()),
  };
}

async function postgresSetup(instances: number, database: string): Promise<Setup> {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(postgres.url);
  url.pathname = `/${database}`;
  const env = {
    BUILD_DIR: buildDir,
    DATABASE_URL: url.toString(),
    REDIS_URL: redis.url,
    NEWSLETTER_SECRET: "b".repeat(32),
    ...limits,
  };
  const servers: RunningServer[] = [];
  for (let i = 0; i < instances; i++) servers.push(await startServer(env));
  return {
    name: `PostgreSQL + Redis, ${instances} instance${instances > 1 ? "s" : ""}`,
    instances: servers,
    async count() {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM leads")).rows[0].n;
      } finally {
        await client.end();
      }
    },
    close: async () => void (await Promise.all(servers.map((s) => s.stop()))),
  };
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  answered: number;
}

/** wrk on each instance at once, the connections shared out; req/s summed, latency the worst instance's. */
async function measure(setup: Setup, runSeconds: number): Promise<Run> {
  const share = Math.max(1, Math.round(connections / setup.instances.length));
  const runs: WrkFigures[] = await Promise.all(
    setup.instances.map((s) => runWrk(s.url + contact, { connections: share, seconds: runSeconds })),
  );
  return {
    rps: runs.reduce((sum, r) => sum + r.rps, 0),
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.socketErrors + r.non2xx, 0),
    answered: runs.reduce((sum, r) => sum + r.requests - r.non2xx, 0),
  };
}

const setups: Record<string, () => Promise<Setup>> = {
  sqlite: () => sqliteSetup(),
  "postgres-1": () => postgresSetup(1, "bench_one"),
  "postgres-2": () => postgresSetup(2, "bench_two"),
};
const chosen = (process.env.SETUPS ?? Object.keys(setups).join(",")).split(",");
const unknown = chosen.filter((name) => !(name in setups));
if (unknown.length)
  throw new Error(`SETUPS: no setup ${unknown.join(", ")} (choose from ${Object.keys(setups).join(", ")})`);
const makers = chosen.map((name) => setups[name]);
const rows: string[] = [];
const checks: string[] = [];
for (const make of makers) {
  const setup = await make();
  stopAll.unshift(() => setup.close());
  let answered = 0;
  const measured: Run[] = [];
  const warm = await measure(setup, warmUp);
  answered += warm.answered;
  for (let round = 0; round < rounds; round++) {
    const run = await measure(setup, seconds);
    answered += run.answered;
    measured.push(run);
    console.log(
      `${setup.name}, round ${round + 1}: ${Math.round(run.rps)} leads/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.errors} errors`,
    );
  }
  // Every request that reached a server before wrk stopped is answered and stored by now.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const stored = await setup.count();
  await setup.close();
  stopAll.shift();
  const extra = stored - answered;
  checks.push(
    `- ${setup.name}: ${answered} success answers, ${stored} leads in the database: ${extra >= 0 && extra <= 2 * (rounds + 1) * connections ? `every answered lead is stored (${extra} more: in flight when wrk stopped)` : "MISMATCH"}`,
  );
  const of = (key: keyof Run) => median(measured.map((run) => run[key]));
  rows.push(
    `| ${setup.name} | ${Math.round(of("rps"))} (${measured.map((r) => Math.round(r.rps)).join(", ")}) | ${of("p50").toFixed(2)} | ${of("p99").toFixed(2)} | ${measured.reduce((s, r) => s + r.errors, 0)} |`,
  );
}
await redis.stop();
await postgres.stop();

const report = `# Durable leads per second: /contactUs on ${chosen.join(", ")}

${provenance()}
- wrk (1 thread per instance) on loopback, ${connections} connections in all (split evenly over the instances), ${rounds} rounds of ${seconds} s per setup after a ${warmUp} s warm-up; every request is a GET /contactUs whose answer comes after the lead and its notification mail are committed (group commit on both engines)
- SQLite: WAL, synchronous=FULL, DATA_DIR on the local disk. PostgreSQL ${postgresVersion}: a throwaway cluster on the same machine with fsync on (tests/support/services.ts), pool of 10 per instance; the PostgreSQL setups count the rate limit in a local redis-server (REDIS_URL), as several instances are deployed
- two instances: two server processes on one database, one wrk each at once; leads/s is their sum, latency the worse of the two
- wrk, the servers, PostgreSQL and Redis share the machine's 2 cores with each other (and with other work on it): two instances cannot have a core each here, so the two-instance row shows the cost of sharing one database, not the gain of a second machine

| setup | durable leads/s, median (per round) | p50 ms | p99 ms | errors + non-2xx |
| --- | --: | --: | --: | --: |
${rows.join("\n")}

${checks.join("\n")}
`;
writeFileSync(process.env.RESULTS ?? "bench/results/instances.md", report);
console.log(report);
