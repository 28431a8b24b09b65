/**
 * Security headers on every response: a strict Content-Security-Policy plus HSTS, nosniff,
 * Referrer-Policy, Permissions-Policy, COOP and frame denial. Rather than 'unsafe-inline', each page's
 * policy names exactly the hashes of its own inline scripts (scripts/build-steps/csp-hashes.ts), and
 * external origins come from the site configuration, so a policy allows no service the site does not use.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isConsolePath } from "#common/console.ts";
import { cspHashesFile, sha256Source, type CspManifest } from "#common/csp-hashes.ts";
import type { SiteConfig } from "#common/site.ts";

const originOf = (url: string) => (url ? new URL(url).origin : undefined);
const isYouTube = (url: string) => /(^|\.)youtube(-nocookie)?\.com$/i.test(new URL(url).hostname);

const googleAnalytics = {
  script: ["https://www.googletagmanager.com"],
  img: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
  connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
};

/** The origins each kind of external resource may come from, derived from the site configuration. */
export function allowedOrigins(site: SiteConfig) {
  const ga = site.gaMeasurementId !== "";
  const unique = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];
  return {
    // The video service's player API script is served from www.youtube.com even for the privacy-enhanced host.
    script: unique([
      isYouTube(site.videoHost) ? "https://www.youtube.com" : undefined,
      ...(ga ? googleAnalytics.script : []),
    ]),
    img: unique([
      originOf(site.imageHost),
      originOf(site.videoThumbHost),
      originOf(site.rumHost),
      ...(ga ? googleAnalytics.img : []),
    ]),
    // The embedded services are also probed (app/shared/frame-state.ts) to tell them from an error page.
    connect: unique([
      originOf(site.serverBase),
      originOf(site.rumHost),
      originOf(site.schedulerUrl),
      originOf(site.slidesUrl),
      ...(ga ? googleAnalytics.connect : []),
    ]),
    frame: unique([originOf(site.videoHost), originOf(site.schedulerUrl), originOf(site.slidesUrl)]),
    form: unique([originOf(site.serverBase)]),
  };
}

const list = (first: string, rest: string[]) => [first, ...rest].join(" ");
type Styles = Pick<CspManifest, "styles" | "styleAttributes">;
type Origins = ReturnType<typeof allowedOrigins>;

/** A page's policy: its scripts by hash, the build's styles, and the origins of `origins` beside its own. */
function policy(defaultSrc: string, scriptHashes: string[], manifest: Styles, origins: Origins): string {
  return [
    `default-src ${defaultSrc}`,
    `script-src ${list("'self'", [...scriptHashes, ...origins.script])}`,
    `style-src ${list("'self'", manifest.styles)}`,
    // React renders style={...} props into the prerendered HTML as attributes; nothing else inline.
    `style-src-attr ${manifest.styleAttributes ? "'unsafe-inline'" : "'none'"}`,
    `img-src ${list("'self' data:", origins.img)}`,
    `connect-src ${list("'self'", origins.connect)}`,
    `frame-src ${origins.frame.length ? origins.frame.join(" ") : "'none'"}`,
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${list("'self'", origins.form)}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The policy of an HTML page whose inline scripts have the given hashes. */
export const pagePolicy = (site: SiteConfig, scriptHashes: string[], manifest: Styles) =>
  policy("'self'", scriptHashes, manifest, allowedOrigins(site));

const noOrigins: Origins = { script: [], img: [], connect: [], frame: [], form: [] };
/**
 * The console's pages (under /admin): its own scripts and styles, its own API, nothing embedded
 * and no other host but the image host; none of the other services the public pages use.
 */
export const consolePolicy = (scriptHashes: string[], manifest: Styles, imageHost = "") =>
  // The content preview shows uploaded images as the pages do: through IMAGE_HOST when one is set.
  policy("'none'", scriptHashes, manifest, { ...noOrigins, img: imageHost ? [new URL(imageHost).origin] : [] });

/** Responses that are not pages (API answers, assets, images) never need to run or embed anything. */
export const resourcePolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** The service worker must fetch the site's files (precache, navigations): it may connect to its own origin. */
export const serviceWorkerPolicy =
  "default-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
export const serviceWorkerPath = "/sw.js";

export const commonHeaders = {
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy":
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=()",
  "cross-origin-opener-policy": "same-origin",
} as const;

/** The build's manifest; none means the build did not finish, which guessed hashes would hide. */
export function loadCspManifest(buildDir: string): CspManifest {
  const file = path.join(buildDir, cspHashesFile);
  if (!existsSync(file))
    throw new Error(`No ${cspHashesFile} in ${buildDir}: the build did not finish; run "npm run build"`);
  return JSON.parse(readFileSync(file, "utf8")) as CspManifest;
}

/** The manifest when there is no build (npm run dev: Vite serves the pages); the server's own pages keep their style hashes. */
export const noInlineScripts: CspManifest = { pages: {}, styles: [], styleAttributes: false };

export type HeaderSet = Readonly<Record<string, string>>;

export interface SecurityHeaders {
  /** The headers of a file of the build: a page's policy names exactly its own script hashes. */
  forFile(urlPath: string, contentType: string): HeaderSet;
  /** The headers of a page re-rendered after a publish: its policy names its new script hashes. */
  forPage(urlPath: string, scriptHashes: string[]): HeaderSet;
  /** The headers of an HTML answer made at request time (the newsletter's pages): every page's hashes. */
  page: HeaderSet;
  /** The headers of every other answer (API, pixel, redirects, errors). */
  resource: HeaderSet;
}

/** Every header set the server sends, computed once at start-up from the build's manifest and the site. */
export function securityHeaders(site: SiteConfig, manifest: CspManifest): SecurityHeaders {
  const withPolicy = (policy: string): HeaderSet => ({ ...commonHeaders, "content-security-policy": policy });
  const policyOf = (urlPath: string, hashes: string[]) =>
    isConsolePath(urlPath) ? consolePolicy(hashes, manifest, site.imageHost) : pagePolicy(site, hashes, manifest);
  const pages = new Map(
    Object.entries(manifest.pages).map(([urlPath, hashes]) => [urlPath, withPolicy(policyOf(urlPath, hashes))]),
  );
  const allScripts = [...new Set(Object.values(manifest.pages).flat())].sort();
  const page = withPolicy(pagePolicy(site, allScripts, manifest));
  const resource = withPolicy(resourcePolicy);
  const serviceWorker = withPolicy(serviceWorkerPolicy);
  return {
    forFile: (urlPath, contentType) =>
      contentType.startsWith("text/html")
        ? (pages.get(urlPath) ?? page)
        : urlPath === serviceWorkerPath
          ? serviceWorker
          : resource,
    forPage: (urlPath, scriptHashes) => withPolicy(policyOf(urlPath, scriptHashes)),
    page,
    resource,
  };
}

/** Adds the headers to every answer Fastify sends (the build's files carry theirs); synchronous, no promise. */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook("onSend", (_request, reply, payload, done) => {
    // A route that set its own policy (the newsletter pages: serverPageHeaders) keeps its set.
    if (reply.hasHeader("content-security-policy")) return done(null, payload);
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && type.startsWith("text/html")) reply.headers(headers.page);
    else {
      reply.headers(headers.resource);
      // API answers, errors and redirects are never stored by a browser or a proxy: lead
      // answers set the XSRF cookie, and none is the same twice. A route may say otherwise.
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    }
    done(null, payload);
  });
}

/**
 * The headers of a page the server renders itself (server/leads/pages.ts): no script at all,
 * its one inline style sheet allowed by hash (no 'unsafe-inline'), forms only to this server,
 * no Referer sent to another origin (the URL holds the link's token) while its own form posts
 * keep their real Origin (no-referrer would make it "null"), never stored.
 */
export function serverPageHeaders(site: SiteConfig, styleSheets: string[]): HeaderSet {
  const hashes = styleSheets.map((css) => sha256Source(createHash("sha256").update(css, "utf8").digest("base64")));
  const policy = [
    "default-src 'none'",
    `style-src ${hashes.join(" ") || "'none'"}`,
    "img-src 'self'",
    `form-action ${list("'self'", allowedOrigins(site).form)}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
  return {
    ...commonHeaders,
    "content-security-policy": policy,
    "referrer-policy": "same-origin",
    "cache-control": "no-store",
  };
}

/** Fastify's `frameworkErrors`: URLs its router cannot parse are answered before any hook runs. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .headers(commonHeaders)
    .header("content-security-policy", resourcePolicy)
    .code(status)
    .send({ error: error.code === "FST_ERR_BAD_URL" ? "Malformed URL" : error.message });
}

const clientErrorHeaders = Object.entries({
  ...commonHeaders,
  "content-security-policy": resourcePolicy,
  "cache-control": "no-store",
})
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join("");

/**
 * Fastify's `clientErrorHandler`: what Node's parser refuses (400, 431 headers too large, 408 not sent
 * in time) is answered with the same headers, then closed; an answer already under way is left alone.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const body = JSON.stringify({
    error: status === 408 ? "Request timeout" : status === 431 ? "Request headers too large" : "Bad request",
  });
  const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !started)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${clientErrorHeaders}content-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
