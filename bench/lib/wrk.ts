/**
 * Running wrk (the Debian package, `apt-get install wrk`) and reading its report. wrk is C on
 * epoll: one thread drives tens of thousands of requests per second, so on a small machine it
 * leaves the server a core of its own, where autocannon (Node) needed as much CPU as the server.
 */
import { execFile, execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface WrkFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Completed responses. */
  requests: number;
  non2xx: number;
  socketErrors: number;
}

export function assertWrkInstalled(): void {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
  } catch (error) {
    // wrk --version exits 1 after printing its version; only a missing binary throws ENOENT.
    if ((error as { code?: string }).code === "ENOENT")
      throw new Error("wrk is not installed: apt-get install -y wrk", { cause: error });
  }
}

/** Milliseconds from wrk's "1.23ms" / "456.00us" / "1.02s". */
const ms = (value: string) => {
  const [, n, unit] = /^([\d.]+)(us|ms|s|m)$/.exec(value) ?? [];
  return Number(n) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? NaN);
};

export function parseWrk(output: string): WrkFigures {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const percentile = (p: string) => ms(new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(output)?.[1] ?? "NaNms");
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: percentile("50"),
    p99: percentile("99"),
    requests: number(/(\d+) requests in/),
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/** Lua for wrk: each request takes the next of `paths` in turn (mixed traffic). */
export function rotatingPathsScript(paths: string[]): string {
  const file = path.join(tmpdir(), `wrk-paths-${process.pid}.lua`);
  writeFileSync(
    file,
    `local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n`,
  );
  return file;
}

/** One wrk run: one thread, `connections` connections, `seconds` long, with latency percentiles. */
export function runWrk(
  url: string,
  {
    connections,
    seconds,
    headers = {},
    script,
  }: { connections: number; seconds: number; headers?: Record<string, string>; script?: string },
): Promise<WrkFigures> {
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "--timeout", "5s"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  if (script) args.push("-s", script);
  return new Promise((resolve, reject) =>
    execFile("wrk", [...args, url], (error, stdout, stderr) =>
      error ? reject(new Error(`wrk failed: ${stderr || error.message}`)) : resolve(parseWrk(stdout)),
    ),
  );
}
