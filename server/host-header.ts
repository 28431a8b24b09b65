/**
 * A request must name one host (RFC 9112 §3.2). Node keeps the first Host and drops the rest, so a
 * proxy that routed on another one and this server could disagree about which site was asked for.
 */
import type { FastifyInstance } from "fastify";

export function refuseRepeatedHost(app: FastifyInstance): void {
  // A synchronous hook: no promise per request.
  app.addHook("onRequest", (request, reply, done) => {
    const raw = request.raw.rawHeaders;
    let hosts = 0;
    for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 4 && raw[i].toLowerCase() === "host") hosts++;
    if (hosts > 1)
      return void reply
        .code(400)
        .header("connection", "close")
        .send({ error: "A request must name one host (one Host header)." });
    done();
  });
}
