// The real server process: start-up errors, and a graceful stop on SIGTERM.
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { fixtureBuild } from "../tests/support/app.ts";
import { spawnServer } from "../tests/support/server.ts";

const buildDir = fixtureBuild({ "assets/big-abc.js": "x".repeat(4_000_000) });
const startServer = (env: Record<string, string>) => spawnServer({ BUILD_DIR: buildDir, ...env });

/** Starts a GET and resolves when its whole body has arrived, reading it slowly; `onResponse` when it starts. */
function slowGet(port: number, urlPath: string, onResponse = () => {}): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: "127.0.0.1", path: urlPath }, (res) => {
      onResponse();
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        res.pause();
        setTimeout(() => res.resume(), 5);
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("server/main.ts", () => {
  it("finishes in-flight requests after SIGTERM, then exits cleanly", async () => {
    const server = startServer({});
    const port = Number(new URL(await server.listening).port);
    // SIGTERM once the response has started (a fixed delay races the request on a busy machine).
    let started!: () => void;
    const responseStarted = new Promise<void>((resolve) => (started = resolve));
    const inFlight = slowGet(port, "/assets/big-abc.js", started);
    await responseStarted;
    server.child.kill("SIGTERM");
    await expect(inFlight).resolves.toEqual({ status: 200, bytes: 4_000_000 });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("SIGTERM: finishing in-flight requests");
  }, 30_000);

  it("starts and stops without a warning from Node (no negative timer, nothing deprecated)", async () => {
    // Many mail runners each booking a turn at start: the pacer's wait was once -1 ms.
    const server = startServer({ MAIL_CONNECTIONS: "50" });
    await server.listening;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await server.stop()).toBe(0);
    expect(server.output()).not.toMatch(/Warning/);
  }, 30_000);

  it("refuses to start with a bad variable and names it", async () => {
    const server = startServer({ SITE_URL: "not-a-url" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/SITE_URL must be an absolute URL/);
  });
});
