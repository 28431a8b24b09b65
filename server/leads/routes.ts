/**
 * Lead capture as one Fastify plugin: the contact and newsletter endpoints with what they
 * share (XSRF cookie, CORS for the site's origins, form bodies, `{error}` answers), all
 * applying only inside this plugin. Stores and the outbox come from app decorations
 * (plugin.ts, mail/plugin.ts); the per-IP rate limit is the app's one @fastify/rate-limit.
 */
import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { contactRoutes } from "./contact.ts";
import { acceptFormBodies, answerErrorsAsJson, hasValidXsrf, issueXsrfCookie, xsrfError } from "./guards.ts";
import { mailingListRoutes } from "./mailing-list.ts";

const bodyLimit = 64 * 1024;

export async function leadRoutes(app: FastifyInstance) {
  const { config } = app;
  await app.register(cookie);
  const allowedOrigins = new Set([new URL(config.site.siteUrl).origin, ...config.allowedOrigins]);
  // Preflights are answered by the OPTIONS routes below, not by @fastify/cors's catch-all
  // OPTIONS route, which would claim every path of the server.
  await app.register(cors, {
    origin: (origin, done) => done(null, !!origin && allowedOrigins.has(origin)),
    preflight: false,
    methods: ["GET", "POST"],
  });
  acceptFormBodies(app, bodyLimit);
  answerErrorsAsJson(app);

  const leadEndpoints = new Set(["/contactUs", "/mailingList"]);
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!leadEndpoints.has(request.routeOptions.url ?? "")) return;
    issueXsrfCookie(request, reply);
    if (request.method === "POST" && !hasValidXsrf(request)) return reply.code(403).send({ error: xsrfError });
  };
  await app.register(async (api) => {
    api.addHook("preHandler", guard);
    api.addHook("onRoute", (route) => void (route.bodyLimit = bodyLimit));
    await api.register(contactRoutes);
    await api.register(mailingListRoutes);
  });

  // HEAD would run the GET handler (store a lead, send a mail) under a rate-limit bucket of its
  // own; these endpoints answer it 405 instead (the newsletter links likewise, mailing-list.ts).
  for (const url of ["/contactUs", "/mailingList"])
    app.head(url, async (_request, reply) => reply.code(405).header("allow", "GET, POST").send({ error: "Method not allowed" }));

  for (const url of ["/contactUs", "/mailingList"])
    app.options(url, async (request, reply) => {
      if (!reply.hasHeader("access-control-allow-origin")) return reply.code(204).send();
      return reply
        .code(204)
        .header("access-control-allow-methods", "GET, POST")
        .header("access-control-allow-headers", "Content-Type, X-XSRF-TOKEN")
        .header("access-control-max-age", "600")
        .send();
    });
}
