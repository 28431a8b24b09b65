/**
 * The baseline of npm run bench:server: a bare node:http server answering the same
 * precompressed bytes the site server sends (and the same 1×1 PNG) from memory, with no
 * routing, headers or logic — what Node itself can do on this machine.
 * Usage: node bench/lib/baseline-server.ts <port> <responses.json>
 */
import { createServer } from "node:http";
import { readFileSync } from "node:fs";

interface Canned {
  status: number;
  headers: Record<string, string>;
  body: string; // base64
}
const [port, file] = process.argv.slice(2);
const responses = new Map(
  Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, Canned>).map(([path, r]) => [
    path,
    { ...r, body: Buffer.from(r.body, "base64") },
  ]),
);
createServer((request, response) => {
  const canned = responses.get(request.url!.split("?", 1)[0]);
  if (!canned) return response.writeHead(404).end();
  response.writeHead(canned.status, { ...canned.headers, "content-length": canned.body.length });
  response.end(canned.body);
}).listen(Number(port), "127.0.0.1", () => console.log("listening"));
