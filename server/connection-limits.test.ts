// Stalled uploads, connections per address, parser errors and the stop, on a listening server
// (app.inject() has no sockets). bench/stalled-uploads.ts does the same with 1,100 connections.
import { connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { testApp, waitFor } from "../tests/support/app.ts";
import { stopGracefully, trackSockets } from "./graceful-stop.ts";

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function listening(env: Record<string, string>) {
  ({ app } = await testApp(env));
  const sockets = trackSockets(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, sockets, port: (app.server.address() as AddressInfo).port };
}

/** A raw connection from `localAddress`; `received()` is all it got, `closed` resolves when the server closed it. */
function rawSocket(port: number, localAddress = "127.0.0.1") {
  const socket = connect({ port, host: "127.0.0.1", localAddress });
  let received = "";
  socket.on("data", (chunk) => (received += chunk));
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())));
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, closed, connected, received: () => received };
}

/** Node's own request timeout, which REQUEST_TIMEOUT_MS replaces. */
const defaultTimeoutMs = 10_000;

/** How many connections from `address` the server holds now (its own sockets: trackSockets). */
const openFrom = (sockets: Set<Socket>, address: string) =>
  [...sockets].filter((socket) => socket.remoteAddress === address).length;

const stalledUpload = (socket: Socket) =>
  socket.write("POST /api/collect HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 60000\r\n\r\n{");

describe("stalled uploads (REQUEST_TIMEOUT_MS)", () => {
  it("answers 408 with the security headers and closes a body that stalls at REQUEST_TIMEOUT_MS, not the default", async () => {
    const { port } = await listening({ REQUEST_TIMEOUT_MS: "500" });
    const client = rawSocket(port);
    await client.connected;
    const start = Date.now();
    stalledUpload(client.socket);
    const closedAt = await client.closed;
    // Not before the timeout, and by the setting, not the 10 s default: no bound tighter than that,
    // which a busy machine could miss.
    expect(closedAt - start).toBeGreaterThanOrEqual(400);
    expect(closedAt - start).toBeLessThan(defaultTimeoutMs);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received()).toMatch(/content-security-policy: default-src 'none'/);
    expect(client.received()).toMatch(/x-content-type-options: nosniff/);
    expect(client.received()).toMatch(/cache-control: no-store/);
  });

  it("closes a connection that sends its headers a byte at a time (slowloris) at the same deadline", async () => {
    const { port } = await listening({ REQUEST_TIMEOUT_MS: "500" });
    const client = rawSocket(port);
    await client.connected;
    const start = Date.now();
    const drip = setInterval(() => client.socket.writable && client.socket.write("X-A: b\r\n"), 100);
    client.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n");
    const closedAt = await client.closed;
    clearInterval(drip);
    expect(closedAt - start).toBeLessThan(defaultTimeoutMs);
  });

  it("keeps the default at 10 s for a whole request", async () => {
    const { app } = await listening({});
    expect(app.server.requestTimeout).toBe(10_000);
    expect(app.server.headersTimeout).toBe(10_000);
    expect(app.server.keepAliveTimeout).toBe(5_000);
  });
});

describe("connections per address (CONNECTIONS_PER_ADDRESS)", () => {
  it("closes connections over the cap at once, and still serves other addresses", async () => {
    const { port, sockets } = await listening({ CONNECTIONS_PER_ADDRESS: "3" });
    const held = Array.from({ length: 3 }, () => rawSocket(port, "127.0.0.2"));
    await Promise.all(held.map((c) => c.connected));
    for (const c of held) stalledUpload(c.socket);
    // The server has the three before the fourth arrives.
    await waitFor(() => openFrom(sockets, "127.0.0.2") === 3);
    const extra = rawSocket(port, "127.0.0.2");
    // Closed with nothing said, while the three stalled ones stay open: the cap, not a timeout.
    await extra.closed;
    expect(extra.received()).toBe("");
    // Another address is served meanwhile; the held ones are still open.
    const other = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(other.status).toBe(200);
    expect(held.every((c) => !c.socket.destroyed)).toBe(true);
    // Once one of them goes, the address may open one again.
    held[0].socket.destroy();
    await held[0].closed;
    // Once the server has seen it go (not after a fixed pause, which a busy machine may outlast).
    await waitFor(() => openFrom(sockets, "127.0.0.2") === 2);
    const again = rawSocket(port, "127.0.0.2");
    await again.connected;
    again.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    await again.closed;
    expect(again.received()).toMatch(/^HTTP\/1\.1 200 /);
    for (const c of held) c.socket.destroy();
  });
});

describe("parser errors", () => {
  it("answers 431 for headers too large with the security headers", async () => {
    const { port } = await listening({});
    const client = rawSocket(port);
    await client.connected;
    client.socket.write(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 431 /);
    expect(client.received()).toMatch(/strict-transport-security: max-age=/);
  });

  it("answers 400 for a malformed request with the security headers", async () => {
    const { port } = await listening({});
    const client = rawSocket(port);
    await client.connected;
    client.socket.write("GET / HTTP/1.1\r\nHost x\r\n\r\n");
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(client.received()).toMatch(/x-frame-options: DENY/);
  });
});

describe("the graceful stop", () => {
  it("closes stalled uploads after the grace instead of waiting for them", async () => {
    const { app: running, sockets, port } = await listening({ REQUEST_TIMEOUT_MS: "60000" });
    const stalled = Array.from({ length: 20 }, () => rawSocket(port));
    await Promise.all(stalled.map((c) => c.connected));
    for (const c of stalled) stalledUpload(c.socket);
    await waitFor(() => sockets.size === 20);
    const start = Date.now();
    await stopGracefully(running, sockets, 1_000, 500);
    // Waiting for the uploads would take their 60 s timeout.
    expect(Date.now() - start).toBeLessThan(30_000);
    await Promise.all(stalled.map((c) => c.closed));
    app = undefined;
  });
});
