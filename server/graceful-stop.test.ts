// The stop's last resort: whatever part of the app never finishes closing (a connection a pool
// waits for, a hook that hangs), the stop resolves after its deadline and says so, so the process
// exits instead of waiting until something kills it.
import Fastify from "fastify";
import { expect, it } from "vitest";
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
