/** What every lead endpoint shares: XSRF, the cross-site refusal, strict form bodies, `{error}` answers. */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isLoopbackSelf } from "../loopback-origin.ts";
import { isFormPost, malformedEscapeError, parseFormEncoded, pickFields } from "./wire-fields.ts";
import { DatabaseUnavailable, describeDatabaseError } from "../db/errors.ts";

// Taken from the app, not config.ts, which imports challenge.ts for its defaults.
type ServerConfig = FastifyInstance["config"];

const xsrfCookie = "XSRF-TOKEN";
const xsrfHeader = "x-xsrf-token";
/** Body field for plain HTML form posts, which cannot set headers. */
const xsrfField = "_xsrf";

/** Each lead endpoint's own limit per IP and minute (RATE_LIMIT_PER_MINUTE), through the app's rate limiter. */
export const leadRateLimit = (config: ServerConfig) => ({ max: config.rateLimitPerMinute, timeWindow: 60_000 });

/** Sets the XSRF-TOKEN cookie on an answer when the visitor has none yet. */
export function issueXsrfCookie(request: FastifyRequest, reply: FastifyReply) {
  if (request.cookies[xsrfCookie]) return;
  reply.setCookie(xsrfCookie, randomBytes(24).toString("base64url"), {
    path: "/",
    sameSite: "lax",
    // Secure whenever the site is https, also behind a TLS proxy that TRUST_PROXY does not name.
    secure: request.protocol === "https" || request.server.config.site.siteUrl.startsWith("https:"),
    // The page's script must read it to copy it into the X-XSRF-TOKEN header (requirements §7).
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
export const crossSiteError = "This form can only be sent from our own website - please use the form there";
export const rateLimitError = "Too many requests - please wait a minute and try again";
const serverError = "Something went wrong on our side - please try again later";
const unavailableError = "We cannot take your request right now - please try again in a few minutes";

/** The origins whose pages may call the lead endpoints: the site, SERVER_BASE_URL and ALLOWED_ORIGINS. */
export function ownOrigins(config: ServerConfig): Set<string> {
  const { siteUrl, serverBase } = config.site;
  return new Set([
    new URL(siteUrl).origin,
    ...(serverBase ? [new URL(serverBase).origin] : []),
    ...config.allowedOrigins,
  ]);
}

/**
 * A request a browser made for another site's page: an <img>, a form or a script there. An
 * Origin that names a page must be one of ownOrigins (or the loopback address the server runs
 * at): never the request's own Host, which a rebound DNS name or X-Forwarded-Host sets, and
 * whatever Sec-Fetch-Site says, since the browser calls a rebound name same-origin. Without an
 * Origin, Sec-Fetch-Site says it (cross-site). `Origin: null` is what a page with
 * Referrer-Policy: no-referrer sends with its own same-origin form posts, so Sec-Fetch-Site
 * decides it; without Fetch Metadata (older browsers) it counts as another site's. Requests with
 * neither header are not a browser's (scripts, curl): they could send anything anyway.
 */
export function isCrossSite(request: FastifyRequest, own: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  const fetchSite = request.headers["sec-fetch-site"];
  if (typeof origin === "string" && origin !== "null") return !own.has(origin) && !isLoopbackSelf(request, origin);
  if (fetchSite) return fetchSite === "cross-site";
  return origin === "null";
}

/** Form bodies parsed strictly (wire-fields.ts): a malformed %-escape is a 400, not stored text. */
export function acceptFormBodies(app: FastifyInstance, bodyLimit: number) {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit },
    (_request, body, done) => {
      const fields = parseFormEncoded(body as string);
      if (fields) done(null, fields);
      else done(Object.assign(new Error(malformedEscapeError), { statusCode: 400, code: "LEAD_MALFORMED_ESCAPE" }));
    },
  );
}

/**
 * Every failure of this scope answers `{error}`, 4xx as they are, else a 500 without details; a
 * form post gets `formError`'s page, a mailed link's page refused with a 400 `linkError`'s.
 */
export function answerErrors(
  app: FastifyInstance,
  formError: (request: FastifyRequest, reply: FastifyReply, status: number, error: string) => FastifyReply,
  linkError: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined,
) {
  app.setErrorHandler((error: { statusCode?: number; message?: string; code?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    const answer = (code: number, text: string) =>
      isFormPost(request)
        ? formError(request, reply, code, text)
        : (code === 400 && linkError(request, reply)) || reply.code(code).send({ error: text });
    if (status === 429) return answer(429, rateLimitError);
    if (status < 500) return answer(status, clientErrorText(error));
    // The database cannot keep it now (lock held elsewhere, file deleted): said once by the database plugin.
    if (error instanceof DatabaseUnavailable) {
      reply.header("retry-after", "60");
      return answer(503, unavailableError);
    }
    // No request data in the log: it holds visitors' addresses. The cause is the database's own (SQLITE_FULL, …).
    request.log.error(
      { code: error.code, cause: describeDatabaseError(error), route: request.routeOptions.url },
      "lead endpoint failed",
    );
    // A 503 (the instance cannot take a lead now) stays one, so a balancer or the form can tell.
    return answer(status === 503 ? 503 : 500, serverError);
  });
}

const clientErrorTexts = new Map([
  ["LEAD_MALFORMED_ESCAPE", malformedEscapeError],
  ["FST_ERR_CTP_BODY_TOO_LARGE", "The request is too large"],
  ["FST_ERR_CTP_INVALID_MEDIA_TYPE", "Please send a form or JSON"],
  ["FST_ERR_CTP_INVALID_JSON_BODY", "The request body is not valid JSON"],
  ["FST_ERR_CTP_EMPTY_JSON_BODY", "The request body is not valid JSON"],
]);

function clientErrorText(error: { code?: string; message?: string }): string {
  const unreadable = "The request could not be read";
  // Text no database can store, named by the app's input guard (request-input.ts).
  if (error.code === "INPUT_REFUSED") return error.message ?? unreadable;
  return clientErrorTexts.get(error.code ?? "") ?? unreadable;
}
