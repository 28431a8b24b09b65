/**
 * The prerendered site held in memory: the build is about a megabyte, so every file, its compressed copies
 * and every header are read once at start-up, and a request costs about a bare node:http server's (bench/).
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { cspHashesFile } from "#common/csp-hashes.ts";
import { pagePath } from "#common/paths.ts";
import type { HeaderSet, SecurityHeaders } from "./security-headers.ts";
import { filesUnder, urlPathOf } from "#common/build-files.ts";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".pdf": "application/pdf",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** Hashed build assets never change; everything else is revalidated on every visit. */
export const immutable = "public, max-age=31536000, immutable";
const revalidate = "no-cache";

function contentTypeOf(file: string): string {
  return contentTypes[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

const readIfPresent = (file: string) => {
  try {
    return statSync(file).isFile() ? readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
};

/** A file served from memory: its headers' values, and its compressed copies when the build would make them. */
export function staticFile(
  name: string,
  body: Buffer,
  compressed?: { br?: Buffer; gz?: Buffer },
  cacheControl = revalidate,
) {
  return {
    body,
    br: compressed?.br,
    gzip: compressed?.gz,
    contentType: contentTypeOf(name),
    cacheControl,
    etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`,
  };
}
type StaticFile = ReturnType<typeof staticFile>;

export function loadStaticFiles(buildDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const full of filesUnder(buildDir)) {
    if (/\.(br|gz)$/.test(full) || ["__spa-fallback.html", cspHashesFile].includes(path.basename(full))) continue;
    const relative = path.relative(buildDir, full);
    const copies = { br: readIfPresent(`${full}.br`), gz: readIfPresent(`${full}.gz`) };
    const hashed = relative.startsWith(`assets${path.sep}`);
    files.set(urlPathOf(relative), staticFile(full, readFileSync(full), copies, hashed ? immutable : revalidate));
  }
  if (!files.has("/")) throw new Error(`No prerendered site in ${buildDir}: run "npm run build" first`);
  return files;
}

const accepts = (acceptEncoding: string, name: string) =>
  new RegExp(`(^|[\\s,])${name}(?!;\\s*q=0(\\.0+)?\\s*(,|$))`).test(acceptEncoding);
/** Which of brotli and gzip an Accept-Encoding allows. Browsers send a handful of distinct values: each is parsed once. */
const acceptedByHeader = new Map<string, { br: boolean; gzip: boolean }>();
function acceptedEncodings(acceptEncoding: string) {
  let accepted = acceptedByHeader.get(acceptEncoding);
  if (!accepted) {
    if (acceptedByHeader.size >= 1000) acceptedByHeader.clear();
    accepted = { br: accepts(acceptEncoding, "br"), gzip: accepts(acceptEncoding, "gzip") };
    acceptedByHeader.set(acceptEncoding, accepted);
  }
  return accepted;
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };
/** The text of a page's first `<title>`, with the entities React writes there read back. */
export function titleIn(html: string): string | undefined {
  const match = /<title>([^<]*)<\/title>/.exec(html);
  return match?.[1]!.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => entities[name]!);
}

/**
 * One file ready to send: per encoding, its bytes and the complete header object (content headers,
 * ETag, Vary and the security headers with the page's own policy), so a request is one writeHead.
 */
function prepare(file: StaticFile, securityHeaders: HeaderSet) {
  const shared = { "cache-control": file.cacheControl, etag: file.etag, vary: "Accept-Encoding", ...securityHeaders };
  const variant = (body: Buffer, encoding?: string) => ({
    body,
    headers: {
      "content-type": file.contentType,
      ...(encoding ? { "content-encoding": encoding } : {}),
      "content-length": String(body.length),
      ...shared,
    },
  });
  return {
    identity: variant(file.body),
    br: file.br && variant(file.br, "br"),
    gzip: file.gzip && variant(file.gzip, "gzip"),
    etag: file.etag,
    notModified: shared,
  };
}
type PreparedFile = ReturnType<typeof prepare>;

/** The build answered at Node's speed: every file prepared once at start-up, a request a map lookup. */
export function staticSite(files: Map<string, StaticFile>, security: SecurityHeaders) {
  const prepared = new Map<string, PreparedFile>();
  for (const [urlPath, file] of files)
    prepared.set(urlPath, prepare(file, security.forFile(urlPath, file.contentType)));

  /**
   * Puts pages re-rendered after a publish in place, and takes `removals` away, in one synchronous step
   * after every answer is built: no request sees a page without its own data or policy.
   */
  const replace = (
    changes: { urlPath: string; file: StaticFile; securityHeaders?: HeaderSet }[],
    removals: readonly string[] = [],
  ) => {
    const ready = changes.map(
      ({ urlPath, file, securityHeaders }) =>
        [urlPath, prepare(file, securityHeaders ?? security.forFile(urlPath, file.contentType))] as const,
    );
    for (const urlPath of removals) prepared.delete(urlPath);
    for (const [urlPath, file] of ready) prepared.set(urlPath, file);
  };

  /** The file a URL names, query and trailing slashes aside; undefined for anything else. */
  const find = (url: string): PreparedFile | undefined => {
    const query = url.indexOf("?");
    let pathname = query === -1 ? url : url.slice(0, query);
    if (pathname.includes("%")) {
      try {
        pathname = decodeURIComponent(pathname);
      } catch {
        return undefined;
      }
    }
    return prepared.get(pathname) ?? prepared.get(pagePath(pathname));
  };

  /** The `<title>` of the page served at `urlPath`, as a reader sees it; undefined where no page is served. */
  const titles = new WeakMap<PreparedFile, string | undefined>();
  const titleOf = (urlPath: string): string | undefined => {
    const file = prepared.get(urlPath);
    if (!file?.identity.headers["content-type"]?.startsWith("text/html")) return undefined;
    // Read once per file: a page re-rendered after a publish is a new file, so its new title is read.
    if (!titles.has(file)) titles.set(file, titleIn(file.identity.body.toString("utf8")));
    return titles.get(file);
  };

  /**
   * Sends the file with its pre-built headers: 304 for a matching ETag, no body for HEAD.
   * `override`: headers that replace the built ones (the console's pages: never stored, no ETag).
   */
  const send = (request: IncomingMessage, response: ServerResponse, file: PreparedFile, override?: HeaderSet) => {
    if (!override && request.headers["if-none-match"] === file.etag) {
      response.writeHead(304, file.notModified).end();
      return;
    }
    const acceptEncoding = request.headers["accept-encoding"];
    const accepted = acceptEncoding ? acceptedEncodings(acceptEncoding) : undefined;
    // The smallest encoding the client accepts: brotli, then gzip, then none.
    const variant = (accepted?.br && file.br) || (accepted?.gzip && file.gzip) || file.identity;
    response.writeHead(200, override ? { ...variant.headers, ...override } : variant.headers);
    if (request.method === "HEAD") response.end();
    else response.end(variant.body);
  };

  return { find, send, replace, titleOf };
}

/**
 * The catch-all route: a file of the build, else a 404 under /assets/, else the home page. A file is
 * written straight to Node's response (hijack), so no hook runs: its headers were built at start-up.
 */
export function staticSiteRoute(app: FastifyInstance, site: ReturnType<typeof staticSite>) {
  // Fastify answers HEAD through this GET route too (exposeHeadRoutes).
  app.get("/*", (request, reply) => {
    const file = site.find(request.url);
    if (file) {
      reply.hijack();
      return site.send(request.raw, reply.raw, file);
    }
    // Requirements §2: any other path ends on the home page. Missing build assets get a plain 404
    // so a stale tab's module loader fails fast and reloads instead of parsing HTML.
    if (request.url.startsWith("/assets/")) return reply.code(404).type("text/plain").send("Not found");
    return reply.redirect("/", 302);
  });
}
