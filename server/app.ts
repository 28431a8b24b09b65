/**
 * Builds the Fastify instance: the prerendered site from memory plus the health check.
 * `main.ts` starts it; tests call `buildApp(...)` and `app.inject()`.
 */
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { leadCapture, type LeadCaptureOptions } from "./api/lead-capture.ts";
import { measurementRoutes } from "./api/measurement.ts";
import type { ServerConfig } from "./config.ts";
import { answerFrameworkError, registerSecurityHeaders } from "./security-headers.ts";
import { chooseEncoding, loadStaticFiles, type StaticFile } from "./static-files.ts";
import { databaseFile, openDatabase, type Database } from "./store/database.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The one database connection (DATA_DIR/site.sqlite), shared by every feature. */
    db: Database;
  }
}

export interface AppOptions {
  config: ServerConfig;
  logger?: boolean;
  /** Lead capture settings beyond the config, e.g. shorter mail retries in tests. */
  leadCapture?: Omit<LeadCaptureOptions, "config">;
}

export async function buildApp({ config, logger = false, leadCapture: leadCaptureOptions }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && { level: "info", redact: ["req.headers.cookie", "req.headers.authorization"] },
    // No per-request logs: query strings carry visitors' e-mail addresses (spec §7).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    frameworkErrors: answerFrameworkError,
  });
  const files = loadStaticFiles(config.buildDir);
  const db = openDatabase(databaseFile(config.dataDir));
  app.decorate("db", db);
  // Registered before the features so it runs after their onClose hooks have flushed.
  app.addHook("onClose", async () => db.close());
  registerSecurityHeaders(app, { site: config.site, buildDir: config.buildDir, files });

  app.get("/healthz", async () => ({ status: "ok" }));
  // API routes are registered before the catch-all below (their exact paths win anyway).
  await app.register(leadCapture, { config, ...leadCaptureOptions });
  await app.register(measurementRoutes, { db, rateLimitPerMinute: config.measureRateLimit });

  const serveSite = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodePath(request.url);
    const file = pathname === undefined ? undefined : (files.get(pathname) ?? files.get(pathname.replace(/\/+$/, "")));
    if (file) return sendFile(request, reply, file);
    // Spec §2: any other path ends on the home page. Missing build assets get a plain 404
    // so a stale tab's module loader fails fast and reloads instead of parsing HTML.
    if (pathname?.startsWith("/assets/")) return reply.code(404).type("text/plain").send("Not found");
    return reply.redirect("/", 302);
  };
  // Fastify answers HEAD through this GET route too (exposeHeadRoutes).
  app.get("/*", serveSite);

  return app;
}

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
