/**
 * What every lead endpoint shares: reading the wire fields from a query or a body, the
 * double-submit XSRF cookie for POSTs, CORS for the site's own origins, and `{error}`
 * answers for everything that goes wrong.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerConfig } from "../config.ts";

export const xsrfCookie = "XSRF-TOKEN";
export const xsrfHeader = "x-xsrf-token";
/** Body field for plain HTML form posts, which cannot set headers. */
export const xsrfField = "_xsrf";

/** Each lead endpoint's own limit per IP and minute (RATE_LIMIT_PER_MINUTE), through the app's rate limiter. */
export const leadRateLimit = (config: ServerConfig) => ({ max: config.rateLimitPerMinute, timeWindow: 60_000 });

/** Picks the named fields; anything else in the input is ignored. Non-objects give {}. */
export function pickFields(source: unknown, names: readonly string[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (!source || typeof source !== "object" || Array.isArray(source)) return fields;
  for (const name of names) if (Object.hasOwn(source, name)) fields[name] = (source as Record<string, unknown>)[name];
  return fields;
}

/** Where a request's fields are: the query for GET, the body for POST. */
export const requestFields = (request: FastifyRequest) => (request.method === "POST" ? request.body : request.query);

/** Sets the XSRF-TOKEN cookie on an answer when the visitor has none yet. */
export function issueXsrfCookie(request: FastifyRequest, reply: FastifyReply) {
  if (request.cookies[xsrfCookie]) return;
  reply.setCookie(xsrfCookie, randomBytes(24).toString("base64url"), {
    path: "/",
    sameSite: "lax",
    // Secure whenever the site is https, also behind a TLS proxy that TRUST_PROXY does not name.
    secure: request.protocol === "https" || request.server.config.site.siteUrl.startsWith("https:"),
    // The page's script must read it to copy it into the X-XSRF-TOKEN header (spec §7).
    httpOnly: false,
    maxAge: 60 * 60 * 24 * 365,
  });
}

/** Double submit: a POST must repeat the cookie's value in the header (or the _xsrf field). */
export function hasValidXsrf(request: FastifyRequest): boolean {
  const cookie = request.cookies[xsrfCookie];
  const header = request.headers[xsrfHeader];
  const field = pickFields(request.body, [xsrfField])[xsrfField];
  const sent = typeof header === "string" ? header : typeof field === "string" ? field : undefined;
  if (!cookie || !sent || cookie.length < 16) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const xsrfError = "Missing or wrong anti-forgery token - please reload the page and try again";
export const rateLimitError = "Too many requests - please wait a minute and try again";
export const serverError = "Something went wrong on our side - please try again later";

/** Form posts parsed into a plain object (no extra dependency for one content type). */
export function acceptFormBodies(app: FastifyInstance, bodyLimit: number) {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** Every failure of this scope answers `{error}`: 4xx as they are, anything else as a 500 without details. */
export function answerErrorsAsJson(app: FastifyInstance) {
  app.setErrorHandler((error: { statusCode?: number; message?: string; code?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status === 429) return reply.code(429).send({ error: rateLimitError });
    if (status < 500) return reply.code(status).send({ error: clientErrorText(error) });
    // No request data in the log: it holds visitors' addresses.
    request.log.error({ code: error.code, route: request.routeOptions.url }, "lead endpoint failed");
    return reply.code(500).send({ error: serverError });
  });
}

function clientErrorText(error: { code?: string; message?: string }): string {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request is too large";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Please send a form or JSON";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is not valid JSON";
    default:
      return "The request could not be read";
  }
}
