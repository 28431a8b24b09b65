/**
 * The one way tests, gates and benchmarks start the real server: `node server/main.ts` as a
 * child process on loopback, with a fresh DATA_DIR unless one is given.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface ServerProcess {
  child: ChildProcess;
  /** The server's DATA_DIR: its database can be inspected after a run. */
  dataDir: string;
  /** Resolves with the base URL once the server listens; rejects if it exits first. */
  listening: Promise<string>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far (the two pipes' chunks in the order they arrived). */
  output(): string;
  /** What it wrote to stderr alone: the order of its lines is its own. */
  errorOutput(): string;
  /** Resident memory now, in bytes (Linux /proc). */
  rss(): number;
  /** SIGTERM, then resolves with the exit code. */
  stop(): Promise<number | null>;
}

export interface RunningServer extends ServerProcess {
  url: string;
  port: number;
}

/** Starts the server without waiting: for tests that expect it to refuse to start. PORT 0 picks a free port. */
export function spawnServer(env: Record<string, string> = {}): ServerProcess {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "server-data-"));
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", ...env, DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let errorOutput = "";
  const collect = (chunk: Buffer) => void (output = (output + chunk).slice(-100_000));
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  child.stderr!.on("data", (chunk: Buffer) => void (errorOutput = (errorOutput + chunk).slice(-100_000)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", () => {
      const url = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  listening.catch(() => {}); // a test that expects the exit does not await listening
  return {
    child,
    dataDir,
    listening,
    exited,
    output: () => output,
    errorOutput: () => errorOutput,
    rss: () => rssOf(child.pid!),
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Starts the server and resolves once it listens. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = spawnServer(env);
  const url = await server.listening;
  return { ...server, url, port: Number(new URL(url).port) };
}

/** Resident memory of a process now, in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
}
