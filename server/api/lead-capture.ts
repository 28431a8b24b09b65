/**
 * Lead capture as one Fastify plugin: the contact and newsletter endpoints, their storage
 * (SQLite behind LeadStore) and the mail outbox worker. Registered from app.ts before the
 * site's catch-all route; its CORS, cookie, rate-limit and error handling apply only inside.
 */
import path from "node:path";
import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerConfig } from "../config.ts";
import { createOutbox, type Outbox } from "../mail/outbox.ts";
import { fileTransport, smtpTransport } from "../mail/transport.ts";
import { sqliteLeadStore } from "../store/leads-sqlite.ts";
import type { LeadStore } from "../store/types.ts";
import { contactRoutes } from "./contact.ts";
import { acceptFormBodies, answerErrorsAsJson, hasValidXsrf, issueXsrfCookie, rateLimitError, xsrfError } from "./guards.ts";
import { mailingListRoutes } from "./mailing-list.ts";
import { loadSecret } from "./tokens.ts";

export interface LeadCaptureOptions {
  config: ServerConfig;
  /** Outbox timing; tests shorten it. */
  mailRetryBaseMs?: number;
  mailPollMs?: number;
  now?: () => Date;
}

export interface LeadCaptureContext {
  config: ServerConfig;
  store: LeadStore;
  outbox: Outbox;
  secret: string;
  rateLimit: { max: number; timeWindow: number };
  now: () => Date;
}

const bodyLimit = 64 * 1024;

export async function leadCapture(app: FastifyInstance, { config, mailRetryBaseMs, mailPollMs, now = () => new Date() }: LeadCaptureOptions) {
  const store = sqliteLeadStore(app.db);
  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, "mail"));
  const outbox = createOutbox({
    store,
    transport,
    from: config.mailFrom,
    domain: new URL(config.site.siteUrl).hostname,
    retryBaseMs: mailRetryBaseMs,
    pollMs: mailPollMs,
    now,
    onError: (id, attempts, reason) => app.log.warn({ mail: id, attempts, reason }, "outbox: delivery failed, will retry"),
  });
  const context: LeadCaptureContext = {
    config,
    store,
    outbox,
    secret: loadSecret(config.newsletterSecret, config.dataDir),
    rateLimit: { max: config.rateLimitPerMinute, timeWindow: 60_000 },
    now,
  };
  app.addHook("onReady", async () => {
    app.log.info(`outbox: mail goes to ${transport.describe()}${config.smtpUrl ? "" : " (no SMTP_URL set)"}`);
    outbox.start();
  });
  app.addHook("onClose", async () => {
    await outbox.stop();
  });

  await app.register(cookie);
  const allowedOrigins = new Set([new URL(config.site.siteUrl).origin, ...config.allowedOrigins]);
  // Preflights are answered by the OPTIONS routes below, not by @fastify/cors's catch-all
  // OPTIONS route, which would claim every path of the server.
  await app.register(cors, {
    origin: (origin, done) => done(null, !!origin && allowedOrigins.has(origin)),
    preflight: false,
    methods: ["GET", "POST"],
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => Object.assign(new Error(rateLimitError), { statusCode: 429 }),
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
    contactRoutes(api, context);
    mailingListRoutes(api, context);
  });

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
