// The real server process: start-up errors, and a graceful stop on SIGTERM and on Ctrl-C.
import { readdirSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { fixtureBuild } from "../tests/support/app.ts";
import { spawnServer, type ServerProcess } from "../tests/support/server.ts";

// huge-abc.js is more than loopback's socket buffers hold (up to 4 MB sent + 32 MB received here),
// so a client that does not read it keeps a graceful stop waiting.
const hugeBytes = 64 * 1024 * 1024;
const buildDir = fixtureBuild({
  "assets/big-abc.js": "x".repeat(4_000_000),
  "assets/huge-abc.js": Buffer.alloc(hugeBytes),
});
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

/** Starts a GET and resolves with the response once it starts, paused: its rest waits in the server's socket. */
function heldGet(port: number, urlPath: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: "127.0.0.1", path: urlPath }, (res) => {
      res.pause();
      resolve(res);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Resolves once the server has written a line matching `pattern`; rejects if it exits first. */
function untilOutput(server: ServerProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pattern.test(server.output())) {
        server.child.stdout!.off("data", check);
        resolve();
      }
    };
    server.child.stdout!.on("data", check);
    check();
    void server.exited.then((code) =>
      reject(new Error(`server exited (${code}) before ${pattern}: ${server.output()}`)),
    );
  });
}

/** A server holding a huge response unread while it gets SIGINT twice, each seen in its output. */
async function twoSigintsWhileHeld() {
  const server = startServer({});
  const held = await heldGet(Number(new URL(await server.listening).port), "/assets/huge-abc.js");
  server.child.kill("SIGINT");
  await untilOutput(server, /SIGINT: finishing in-flight requests/);
  server.child.kill("SIGINT");
  await untilOutput(server, /SIGINT again: still finishing/);
  return { server, held };
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

  // Ctrl-C under npm: the terminal sends SIGINT to the whole process group and npm forwards its
  // own, so the server gets two. A response held unread keeps the stop going while the second comes.
  it("stops gracefully on a second SIGINT as on the first: exit 0, WAL checkpointed away", async () => {
    const { server, held } = await twoSigintsWhileHeld();
    let bytes = 0;
    held.on("data", (chunk: Buffer) => (bytes += chunk.length));
    held.resume();
    expect(await server.exited).toBe(0);
    expect(bytes).toBe(hugeBytes);
    expect(readdirSync(server.dataDir).filter((file) => file.endsWith("-wal"))).toEqual([]);
  }, 30_000);

  it("stops at once on a third signal (a second Ctrl-C), with 128 + the signal's number", async () => {
    const { server, held } = await twoSigintsWhileHeld();
    server.child.kill("SIGINT");
    expect(await server.exited).toBe(130);
    expect(server.output()).toMatch(/SIGINT a third time: stopping at once/);
    held.destroy();
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
  }, 30_000);
});
