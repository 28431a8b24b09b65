import { createServer } from "node:net";

/** A loopback port nothing listens on now, so that two runs on one machine do not collide. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once("error", reject);
  });
