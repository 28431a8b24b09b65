/**
 * The prerendered site held in memory. The build is small (about a megabyte), so every file
 * and its brotli and gzip variants (written by the build) are read once at
 * start-up; answering from memory is several times faster than reading the disk per request.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { cspHashesFile } from "../common/csp-hashes.ts";
import { pagePath } from "../common/paths.ts";
import { filesUnder, urlPathOf } from "../scripts/build-steps/output.ts";

export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  contentType: string;
  cacheControl: string;
  etag: string;
}

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
export const revalidate = "no-cache";

export function contentTypeOf(file: string): string {
  return contentTypes[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

const readIfPresent = (file: string) => {
  try {
    return statSync(file).isFile() ? readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
};

export function loadStaticFiles(buildDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const full of filesUnder(buildDir)) {
    if (/\.(br|gz)$/.test(full) || ["__spa-fallback.html", cspHashesFile].includes(path.basename(full))) continue;
    const relative = path.relative(buildDir, full);
    const body = readFileSync(full);
    const hashed = relative.startsWith(`assets${path.sep}`);
    files.set(urlPathOf(relative), {
      body,
      br: readIfPresent(`${full}.br`),
      gzip: readIfPresent(`${full}.gz`),
      contentType: contentTypeOf(full),
      cacheControl: hashed ? immutable : revalidate,
      etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`,
    });
  }
  if (!files.has("/")) throw new Error(`No prerendered site in ${buildDir}: run "npm run build" first`);
  return files;
}

/** Picks the smallest encoding the client accepts: brotli, then gzip, then none. */
export function chooseEncoding(acceptEncoding: string | undefined, file: StaticFile): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepts = (name: string) => new RegExp(`(^|[\\s,])${name}(?!;\\s*q=0(\\.0+)?\\s*(,|$))`).test(acceptEncoding);
  if (file.br && accepts("br")) return "br";
  if (file.gzip && accepts("gzip")) return "gzip";
  return undefined;
}

/** Decoded URL path without the query; undefined for a malformed percent-encoding. */
function decodePath(url: string): string | undefined {
  const pathname = url.split("?", 1)[0];
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  reply.header("cache-control", file.cacheControl).header("etag", file.etag).header("vary", "Accept-Encoding").type(file.contentType);
  if (request.headers["if-none-match"] === file.etag) return reply.code(304).send();
  const encoding = chooseEncoding(request.headers["accept-encoding"], file);
  if (encoding) reply.header("content-encoding", encoding);
  const body = encoding === "br" ? file.br! : encoding === "gzip" ? file.gzip! : file.body;
  reply.header("content-length", body.length);
  return reply.send(body);
}

/** The catch-all route: a file of the build, else a 404 under /assets/, else the home page. */
export function staticSiteRoute(app: FastifyInstance, files: Map<string, StaticFile>) {
  const serveSite = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodePath(request.url);
    const file = pathname === undefined ? undefined : (files.get(pathname) ?? files.get(pagePath(pathname)));
    if (file) return sendFile(request, reply, file);
    // Spec §2: any other path ends on the home page. Missing build assets get a plain 404
    // so a stale tab's module loader fails fast and reloads instead of parsing HTML.
    if (pathname?.startsWith("/assets/")) return reply.code(404).type("text/plain").send("Not found");
    return reply.redirect("/", 302);
  };
  // Fastify answers HEAD through this GET route too (exposeHeadRoutes).
  app.get("/*", serveSite);
}
