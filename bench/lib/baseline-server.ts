/**
 * The baseline of npm run bench:server: a bare node:http server answering, from memory, the
 * exact bytes and headers the site server sent for each benchmarked request (same status,
 * same encoded body, every header but Date and Connection, which Node adds itself). No
 * routing, hooks or logic: what Node itself can do on this machine.
 * Usage: node bench/lib/baseline-server.ts <port> <responses.json>
 */
import { createServer } from "node:http";
import { readFileSync } from "node:fs";

export interface CannedResponse {
  /** The request's URL (path and query) and accept-encoding: the baseline answers by both. */
  url: string;
  acceptEncoding: string;
  status: number;
  headers: Record<string, string>;
  body: string; // base64
}

export const cannedKey = (url: string, acceptEncoding: string | undefined) => `${url}\n${acceptEncoding ?? ""}`;

if (import.meta.main) {
  const [port, file] = process.argv.slice(2);
  const canned = JSON.parse(readFileSync(file, "utf8")) as CannedResponse[];
  const responses = new Map(
    canned.map((r) => [cannedKey(r.url, r.acceptEncoding), { ...r, body: Buffer.from(r.body, "base64") }]),
  );
  createServer((request, response) => {
    const found = responses.get(cannedKey(request.url!, request.headers["accept-encoding"]));
    if (!found) return response.writeHead(404).end();
    response.writeHead(found.status, found.headers);
    response.end(found.body);
  }).listen(Number(port), "127.0.0.1", () => console.log("listening"));
}
