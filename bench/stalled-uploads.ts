/**
 * Issue 18's attack, repeated: the real server (server/main.ts) with its open files capped at
 * 1,024 (prlimit, as `ulimit -n 1024`) gets 1,100 uploads from one address (127.0.0.2) that
 * send their headers and one byte of a 60,000-byte body, then stall. Meanwhile another address
 * (127.0.0.1) asks for /healthz and sends a lead. Then SIGTERM, with the stalled uploads
 * still being opened again. Writes bench/results/stalled-uploads.md; exits 1 when another
 * client was refused or the stop took more than 5 s.
 *   npm run bench:stalled
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { fixtureBuild } from "../tests/support/app.ts";
import { spawnServer } from "../tests/support/server.ts";
import { median, provenance } from "./lib/results.ts";

const stalledCount = 1_100;
const server = spawnServer({
  BUILD_DIR: fixtureBuild(),
  RATE_LIMIT_PER_MINUTE: "100000",
  QUESTIONS_PER_NETWORK_PER_HOUR: "100000",
});
execFileSync("prlimit", [`--pid=${server.child.pid}`, "--nofile=1024:1024"]);
const url = await server.listening;
const port = Number(new URL(url).port);

interface Stalled {
  socket: Socket;
  opened: number;
  closedAfterMs?: number;
  answer: string;
}
const stalled: Stalled[] = [];
function stall(): Stalled {
  const socket = connect({ port, host: "127.0.0.1", localAddress: "127.0.0.2" });
  const entry: Stalled = { socket, opened: Date.now(), answer: "" };
  socket.on("error", () => {});
  socket.on("data", (chunk) => (entry.answer += chunk));
  socket.on("connect", () =>
    socket.write("POST /api/collect HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 60000\r\n\r\n{"),
  );
  socket.once("close", () => (entry.closedAfterMs = Date.now() - entry.opened));
  return entry;
}
for (let i = 0; i < stalledCount; i++) stalled.push(stall());
await new Promise((resolve) => setTimeout(resolve, 1_000));
const openAfter1s = stalled.filter((s) => s.closedAfterMs === undefined).length;

// Another address while they stall: 50 health checks and 5 leads, one after another.
const latencies: number[] = [];
let otherFailures = 0;
for (let i = 0; i < 55; i++) {
  const start = performance.now();
  try {
    const path =
      i < 50
        ? "/healthz"
        : `/contactUs?${new URLSearchParams({ email: `bench${i}@example.com`, details: "Still there?" })}`;
    const response = await fetch(`${url}${path}`);
    await response.arrayBuffer();
    if (response.status !== 200) otherFailures++;
  } catch {
    otherFailures++;
  }
  latencies.push(performance.now() - start);
}

// Wait for the request timeout (10 s) to cut the ones still open.
await new Promise((resolve) => setTimeout(resolve, 11_000));
const cut = stalled.filter((s) => s.closedAfterMs !== undefined && s.answer.startsWith("HTTP/1.1 408"));
const refusedAtOnce = stalled.filter((s) => s.closedAfterMs !== undefined && s.answer === "").length;
const openAfterTimeout = stalled.filter((s) => s.closedAfterMs === undefined).length;

// The stop, with a fresh wave of stalled uploads open.
const wave: Stalled[] = [];
for (let i = 0; i < stalledCount; i++) wave.push(stall());
await new Promise((resolve) => setTimeout(resolve, 1_000));
const stopStart = Date.now();
const exitCode = await server.stop();
const stopMs = Date.now() - stopStart;
for (const s of [...stalled, ...wave]) s.socket.destroy();

const lines = [
  "# 1,100 stalled uploads from one address (issue 18)",
  "",
  provenance(),
  "",
  "| | |",
  "| --- | --- |",
  `| server | \`node server/main.ts\`, open files capped at 1,024 (prlimit), defaults: REQUEST_TIMEOUT_MS 10000, CONNECTIONS_PER_ADDRESS 100 |`,
  `| attack | ${stalledCount} uploads from 127.0.0.2 sending headers and 1 byte of a 60,000-byte body, then nothing |`,
  `| held open after 1 s | ${openAfter1s} (the rest closed on accept: ${refusedAtOnce} over the per-address cap) |`,
  `| cut by the request timeout | ${cut.length}, after ${median(cut.map((s) => s.closedAfterMs!))} ms (median; max ${Math.max(...cut.map((s) => s.closedAfterMs!))} ms), each answered 408 |`,
  `| still open after 12 s | ${openAfterTimeout} |`,
  `| another address meanwhile | ${latencies.length - otherFailures} of ${latencies.length} answered 200 (50 /healthz, 5 leads); median ${median(latencies).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms |`,
  `| SIGTERM with ${stalledCount} more stalled uploads open | exited ${exitCode} after ${stopMs} ms |`,
  "",
  "Before the fix (issue 18): the stalled uploads were never timed out, about 1,100 of them took the",
  "server down for everyone, and they held a graceful stop for 40 s.",
  "",
];
const report = lines.join("\n");
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/stalled-uploads.md", report);
process.stdout.write(report);
process.exit(otherFailures === 0 && stopMs < 5_000 && exitCode === 0 ? 0 : 1);
