// The stop: a request that arrives while it begins is served, and whatever part of the app never
// finishes closing (a connection a pool waits for, a hook that hangs) does not hold the process:
// the stop resolves after its deadline and says so, instead of waiting until something kills it.
import Fastify from "fastify";
import { expect, it } from "vitest";
import { testApp } from "../tests/support/app.ts";
import { stopGracefully, trackSockets } from "./graceful-stop.ts";

it("resolves after its deadline when a part of the app never closes, naming the deadline", async () => {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level: "warn", stream: { write: (line: string) => void lines.push(JSON.parse(line).msg) } },
  });
  app.addHook("onClose", () => new Promise<void>(() => {}));
  await app.listen({ port: 0, host: "127.0.0.1" });
  await stopGracefully(app, trackSockets(app), 1_000, 500, 300);
  expect(lines).toEqual(["stop: not finished after 300 ms (a connection, timer or hook still open); exiting anyway"]);
});

// Between the start of a stop and the close of its port, an instance still accepts connections. A
// lead sent then is stored and answered; a 503 would reach the visitor, since the proxy only sends
// a request on to the next instance when it cannot reach the first (deploy/proxy/nginx.conf).
it("serves a request that arrives after the stop began, before the port closed", async () => {
  let stopBegan!: () => void;
  const began = new Promise<void>((resolve) => (stopBegan = resolve));
  let letStopGoOn!: () => void;
  const held = new Promise<void>((resolve) => (letStopGoOn = resolve));
  const { app, db } = await testApp({}, {}, {}, (app) =>
    // preClose runs once the stop has begun and before the port closes: held here, it keeps that moment open.
    app.addHook("preClose", async () => {
      stopBegan();
      await held;
    }),
  );
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const stopped = app.close();
  await began;
  const response = await fetch(
    `${address}/contactUs?type=Lead&name=Late%20Lead&email=late@example.com&details=Sent%20as%20the%20stop%20began`,
  );
  letStopGoOn();
  await stopped;
  expect(response.status).toBe(200);
  expect(response.headers.get("connection")).toBe("close");
  expect(db.prepare("SELECT email FROM leads").all()).toEqual([{ email: "late@example.com" }]);
});
