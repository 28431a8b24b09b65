/**
 * Requests per second and p99 latency of GET /contactUs on loopback: the real server process
 * (server/main.ts) with a fresh database, rate limit raised, every request a stored lead with
 * its queued notification (WAL, synchronous=FULL). Writes bench/results/contact.md.
 *   npm run bench:contact [-- --seconds 10 --connections 10]
 */
import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { fixtureBuild } from "../tests/support/app.ts";
import { startServer } from "../tests/support/server.ts";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "10" }, connections: { type: "string", default: "10" } },
});
const server = await startServer({
  BUILD_DIR: fixtureBuild(),
  RATE_LIMIT_PER_MINUTE: "100000000",
  QUESTIONS_PER_NETWORK_PER_HOUR: "100000000",
});

const query = new URLSearchParams({
  domain: "www.tallyway.example",
  type: "Lead",
  name: "Bench Mark",
  email: "bench@example.com",
  subject: "Benchmark",
  details: "How fast?",
});
const result = await autocannon({
  url: `${server.url}/contactUs?${query}`,
  connections: Number(values.connections),
  duration: Number(values.seconds),
});
await server.stop();

const commit = (() => {
  try {
    return execSync("git rev-parse --short HEAD").toString().trim();
  } catch {
    return "unknown";
  }
})();
const non2xx = result.non2xx + result.errors + result.timeouts;
const report = `# GET /contactUs benchmark

| | |
| --- | --- |
| date | ${new Date().toISOString()} |
| commit | ${commit} |
| machine | ${availableParallelism()} cores (${cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version} |
| setup | real server process on loopback, fresh SQLite (WAL, synchronous=FULL), .eml outbox, rate limit raised |
| load | autocannon, ${values.connections} connections, ${values.seconds} s |
| requests per second (mean) | ${result.requests.average.toFixed(0)} |
| latency p50 / p99 / max | ${result.latency.p50} ms / ${result.latency.p99} ms / ${result.latency.max} ms |
| requests | ${result.requests.total} (${non2xx} not 2xx, errors or timeouts) |

Every request stores a lead and queues its notification mail before it is answered. Requests
that arrive in the same event-loop turn share one transaction and one fsync (group commit,
server/leads/group-commit.ts), so this measures the disk's fsync rate as much as the server.
`;
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/contact.md", report);
process.stdout.write(report);
