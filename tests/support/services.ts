/**
 * Real services for the tests that need them, started by the project: a throwaway PostgreSQL
 * cluster (initdb + pg_ctl from Debian's `postgresql` package, in a temporary folder, on a
 * free port) and a `redis-server` on a free port without persistence. No mocks: the stores,
 * the shared rate limits and the several-instance tests run against these.
 *
 * DATABASE_URL / REDIS_URL, when set, are used instead (each test file still gets a database
 * of its own, created and dropped through DATABASE_URL). When a binary is missing the test
 * fails, naming the package to install: a skipped test would pass on nothing.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export interface Service {
  /** postgres://… or redis://… */
  url: string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The folder of initdb and pg_ctl: Debian's newest /usr/lib/postgresql/<version>/bin, or the PATH. */
export function postgresBinaries(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length) return path.join(root, versions[0], "bin");
  for (const dir of (process.env.PATH ?? "").split(path.delimiter))
    if (existsSync(path.join(dir, "initdb"))) return dir;
  throw new Error(
    "PostgreSQL is not installed: the tests start a throwaway cluster with initdb and pg_ctl. Install it (apt-get install -y postgresql) or set DATABASE_URL to a server the tests may create databases on.",
  );
}

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
/** initdb refuses to run as root: as root, the cluster belongs to the postgres user. */
const asClusterOwner = (command: string, args: string[]): [string, string[]] =>
  asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
const run = (command: string, args: string[]) => {
  const [file, argv] = asClusterOwner(command, args);
  return execFileSync(file, argv, { stdio: "pipe", timeout: 60_000 }).toString();
};

export interface PostgresOptions {
  /** fsync on, as in production (benchmarks); tests run without it, as a crash of the machine is not what they test. */
  durable?: boolean;
  maxConnections?: number;
}

/** A new PostgreSQL cluster in a temporary folder on a free port; `stop()` removes it. */
export async function startPostgres({ durable = false, maxConnections = 200 }: PostgresOptions = {}): Promise<Service> {
  const bin = postgresBinaries();
  const dir = mkdtempSync(path.join(tmpdir(), "pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  run(path.join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--no-locale",
    "--no-sync",
  ]);
  const port = await freePort();
  const settings = [
    "-c listen_addresses=127.0.0.1",
    `-p ${port}`,
    `-k ${dir}`,
    `-c max_connections=${maxConnections}`,
    ...(durable ? [] : ["-c fsync=off", "-c full_page_writes=off"]),
  ].join(" ");
  const pgCtl = path.join(bin, "pg_ctl");
  try {
    run(pgCtl, ["-D", data, "-l", path.join(dir, "server.log"), "-o", settings, "-w", "-t", "60", "start"]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${(error as { stderr?: Buffer }).stderr?.toString() ?? error}`, {
      cause: error,
    });
  }
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(pgCtl, ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A test run that ends without calling stop() leaves no server behind.
  process.once("exit", stopNow);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      process.removeListener("exit", stopNow);
      stopNow();
    },
  };
}

/** A redis-server on a free port, nothing written to disk; `stop()` ends it. */
export async function startRedis(): Promise<Service> {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(
              "redis-server is not installed: the tests start one. Install it (apt-get install -y redis-server) or set REDIS_URL.",
            )
          : error,
      ),
    );
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk;
      if (/Ready to accept connections/.test(output)) resolve();
    });
    void exited.then(() => reject(new Error(`redis-server exited: ${output}`)));
  });
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      process.removeListener("exit", kill);
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * A PostgreSQL database of this test file's own: in the server DATABASE_URL names, or in a
 * throwaway cluster started for it. `databaseUrl()` makes further fresh databases in it.
 */
export async function testPostgres(
  options: PostgresOptions = {},
): Promise<Service & { databaseUrl(): Promise<string> }> {
  const given = process.env.DATABASE_URL;
  const server = given ? { url: given, stop: async () => {} } : await startPostgres(options);
  const created: string[] = [];
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  const databaseUrl = async () => {
    const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${name}`);
    created.push(name);
    const url = new URL(server.url);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const url = await databaseUrl();
  return {
    url,
    databaseUrl,
    async stop() {
      if (given)
        for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
      await server.stop();
    },
  };
}

/** REDIS_URL, or a redis-server started for this test file. */
export async function testRedis(): Promise<Service> {
  return process.env.REDIS_URL ? { url: process.env.REDIS_URL, stop: async () => {} } : startRedis();
}
