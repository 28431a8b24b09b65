/**
 * GET /metrics, only with METRICS_TOKEN set and to a request bearing it: the figures say how busy
 * the business is, and the health checks touch the database on every scrape.
 */
import { timingSafeEqual } from "node:crypto";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import { commitTimings, type CommitTiming } from "../db/commit-timing.ts";
import { healthChecks } from "../health.ts";
import { createMetrics, routeClassOf } from "./metrics.ts";

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const metricsPlugin = fp(
  async (app: FastifyInstance, { redis }: { redis?: Redis }) => {
    const token = app.config.metricsToken;
    if (!token) {
      app.get("/metrics", async (_request, reply) =>
        reply.code(404).send({ error: "Metrics are off: set METRICS_TOKEN to serve them." }),
      );
      return;
    }
    const metrics = createMetrics({
      backlog: () => app.stores.outbox.backlog(),
      health: () => healthChecks(app, redis),
      contentFailures: () => (app.hasDecorator("contentFailures") ? app.contentFailures().map(({ key }) => key) : []),
    });

    app.addHook("onResponse", async (request, reply) => {
      const route = routeClassOf(request.routeOptions.url, request.url.split("?")[0]);
      const form = route === "lead" ? (request.url.startsWith("/mailingList") ? "newsletter" : "contact") : undefined;
      // OPTIONS preflights and the result pages of the endpoints are not leads.
      const isLead =
        form && (request.method === "GET" || request.method === "POST") && !/^\/mailingList\/./.test(request.url);
      metrics.answered(route, reply.statusCode, reply.elapsedTime / 1000, isLead ? form : undefined);
    });
    const onCommit = (message: unknown) =>
      metrics.committed((message as CommitTiming).engine, (message as CommitTiming).seconds);
    subscribe(commitTimings.name, onCommit);
    app.addHook("onClose", async () => void unsubscribe(commitTimings.name, onCommit));

    app.get("/metrics", async (request, reply) => {
      const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
      if (!sameToken(given, token))
        return reply
          .code(401)
          .header("www-authenticate", 'Bearer realm="metrics"')
          .header("cache-control", "no-store")
          .send({ error: "A valid METRICS_TOKEN is needed." });
      return reply
        .header("content-type", metrics.registry.contentType)
        .header("cache-control", "no-store")
        .send(await metrics.registry.metrics());
    });
  },
  { name: "metrics", dependencies: ["stores"] },
);
