/**
 * Lead capture as one Fastify plugin: the contact and newsletter endpoints with what they share
 * (cross-site refusal, XSRF cookie, CORS, form bodies, `{error}` answers or pages), applying only here.
 */
import cors from "@fastify/cors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { contactRoutes } from "./contact.ts";
import {
  acceptFormBodies,
  answerErrors,
  crossSiteError,
  hasValidXsrf,
  isCrossSite,
  issueXsrfCookie,
  ownOrigins,
  xsrfError,
} from "./guards.ts";
import { sendFormError, sendPage } from "./lead-endpoint.ts";
import { mailingListRoutes } from "./mailing-list.ts";
import { challengeGate } from "./challenge.ts";
import { newsletterSecret } from "./tokens.ts";
import { formRefusedPage, invalidLinkPage, type LeadForm } from "./pages.ts";
import { isFormPost } from "./wire-fields.ts";

const bodyLimit = 64 * 1024;

/** `redis`: shared counts for several instances (REDIS_URL), as the app's rate limiter has. */
export async function leadRoutes(app: FastifyInstance, { redis }: { redis?: Redis } = {}) {
  const { config } = app;
  const allowedOrigins = new Set([new URL(config.site.siteUrl).origin, ...config.allowedOrigins]);
  // Preflights by the OPTIONS routes below: @fastify/cors's catch-all would claim every path.
  await app.register(cors, {
    origin: (origin, done) => done(null, !!origin && allowedOrigins.has(origin)),
    preflight: false,
    methods: ["GET", "POST"],
  });
  acceptFormBodies(app, bodyLimit);
  const formOf = (request: FastifyRequest): LeadForm =>
    request.url.startsWith("/mailingList") ? "newsletter" : "contact";
  // A mailed link whose token the input guard refused opens the same page as any broken link.
  const linkPages = new Set(["/mailingList/confirm", "/mailingList/unsubscribe"]);
  answerErrors(
    app,
    (request, reply, status, error) => sendFormError(app, request, reply, formOf(request), status, error),
    (request, reply) =>
      request.method === "GET" && linkPages.has(request.routeOptions.url ?? "")
        ? sendPage(app, reply, invalidLinkPage(config.site))
        : undefined,
  );

  const leadEndpoints = new Set(["/contactUs", "/mailingList"]);
  const own = ownOrigins(config);
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!leadEndpoints.has(request.routeOptions.url ?? "")) return;
    // Another site's <img>, form or script must not make us store a lead or mail a stranger.
    if (isCrossSite(request, own))
      return isFormPost(request)
        ? sendPage(app, reply, formRefusedPage(config.site, formOf(request), 403, crossSiteError))
        : reply.code(403).send({ error: crossSiteError });
    // A form posted without JavaScript cannot send the XSRF header, and a prerendered page
    // cannot hold a per-visitor token. It needs none: a browser always sends Origin (and
    // Sec-Fetch-Site) with a form post, and isCrossSite above refused every other site's, which
    // is what the token proves for scripts. Anyone without a browser can use GET anyway.
    if (isFormPost(request)) return;
    issueXsrfCookie(request, reply);
    if (request.method === "POST" && !hasValidXsrf(request)) return reply.code(403).send({ error: xsrfError });
  };
  const secret = await newsletterSecret(config.newsletterSecret, config.dataDir, app.database);
  await app.register(async (api) => {
    api.addHook("preHandler", guard);
    api.addHook("onRoute", (route) => void (route.bodyLimit = bodyLimit));
    const challenges = challengeGate(api, secret, redis);
    await api.register(contactRoutes, { challenges });
    await api.register(mailingListRoutes, { secret, challenges });
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
