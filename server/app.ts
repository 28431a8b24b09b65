/**
 * Builds the Fastify instance (main.ts starts it, tests inject into it), with what is shared
 * registered once here: the configuration, the database, the rate limiter and the stores.
 */
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { LogController, type FastifyInstance } from "fastify";
import type { ServerConfig } from "./config.ts";
import { limitConnectionsPerAddress, proxyAddresses, timeoutOptions } from "./connection-limits.ts";
import { campaignsPlugin, type CampaignOptions } from "./campaigns/plugin.ts";
import { consoleRoutes } from "./console/routes.ts";
import { consoleSettings as consoleSettingsOf, type ConsoleSettings } from "./console/settings.ts";
import { liveContent } from "./content/plugin.ts";
import { database } from "./db/plugin.ts";
import { answerErrorsWithoutDetails } from "./error-answers.ts";
import { healthRoute } from "./health.ts";
import { refuseRepeatedHost } from "./host-header.ts";
import { leadRoutes } from "./leads/routes.ts";
import { weeklyDigestPlugin, type DigestOptions } from "./digest/plugin.ts";
import { mailOutbox, type MailOptions } from "./outbox/plugin.ts";
import { measurementStore } from "./measurement/plugin.ts";
import { measurementRoutes } from "./measurement/routes.ts";
import { metricsPlugin } from "./metrics/plugin.ts";
import { connectRedis } from "./redis.ts";
import { refuseUnstorableInput } from "./request-input.ts";
import {
  answerClientError,
  answerFrameworkError,
  loadCspManifest,
  noInlineScripts,
  registerSecurityHeaders,
  securityHeaders,
} from "./security-headers.ts";
import { loadStaticFiles, staticSite, staticSiteRoute } from "./static-files.ts";
import { stores } from "./stores.ts";
import { uploadFileRoute } from "./uploads/routes.ts";

export interface AppOptions {
  config: ServerConfig;
  logger?: boolean;
  /** Outbox timing beyond the config, e.g. shorter mail retries in tests. */
  mail?: MailOptions;
  /** The weekly digest's clock and check interval (tests). */
  digest?: DigestOptions;
  /** Console session and sign-in limits beyond the environment's (CONSOLE_*), e.g. short expiry in tests. */
  console?: Partial<ConsoleSettings>;
  /** How often due campaigns are looked for (tests). */
  campaigns?: CampaignOptions;
  /** false: the API alone, without the prerendered site (npm run dev, where Vite serves the pages). */
  serveSite?: boolean;
}

export async function buildApp({
  config,
  logger = false,
  mail = {},
  digest = {},
  campaigns = {},
  serveSite = true,
  console: consoleSettings = {},
}: AppOptions): Promise<FastifyInstance> {
  // First, so a missing or unfinished build stops the start before anything is opened.
  const manifest = serveSite ? loadCspManifest(config.buildDir) : noInlineScripts;
  const security = securityHeaders(config.site, manifest);
  const site = serveSite ? staticSite(loadStaticFiles(config.buildDir), security) : undefined;
  const app = Fastify({
    logger: logger && { level: "info", redact: ["req.headers.cookie", "req.headers.authorization"] },
    // No per-request logs: query strings carry visitors' e-mail addresses (requirements §7).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    // A request reaching a stopping instance is served (Connection: close), not refused with 503: a proxy
    // only retries an instance it could not reach (deploy/proxy/nginx.conf), so the 503 reached the visitor.
    return503OnClosing: false,
    forceCloseConnections: "idle",
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // A whole request within REQUEST_TIMEOUT_MS, idle keep-alive closed (connection-limits.ts).
    ...timeoutOptions(config),
    // live-content renders every page with published content before listening: more than Fastify's 10 s.
    pluginTimeout: 120_000,
  });
  app.decorate("config", config);
  let refusedLogged = 0;
  limitConnectionsPerAddress(app.server, config.connectionsPerAddress, proxyAddresses(config.trustProxy), () => {
    // At most one line a minute, however many connections are refused.
    if (Date.now() - refusedLogged < 60_000) return;
    refusedLogged = Date.now();
    app.log.warn(
      `connections: an address is over CONNECTIONS_PER_ADDRESS (${config.connectionsPerAddress}); its extra connections are closed`,
    );
  });
  registerSecurityHeaders(app, security);
  refuseRepeatedHost(app);
  // One input contract for both engines, on every route (request-input.ts), and no 5xx that says why.
  answerErrorsWithoutDetails(app);
  refuseUnstorableInput(app);
  // Registered first, so the database closes after every feature's onClose has flushed.
  await app.register(database, {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    lockWaitMs: config.databaseLockWaitMs,
  });
  // The one rate limiter; each route names its own limit per IP in `config.rateLimit`. With
  // REDIS_URL the counts live in Redis, shared by every instance; without, in this process.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
  if (redis) app.addHook("onClose", async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, { global: false, ...(redis && { redis, nameSpace: "rate-limit:" }) });
  // Cookies parsed once for every route: the lead forms' XSRF token and the console's session.
  await app.register(cookie);
  await app.register(stores);
  await app.register(mailOutbox, mail);
  await app.register(measurementStore);
  await app.register(weeklyDigestPlugin, digest);
  await app.register(campaignsPlugin, campaigns);

  healthRoute(app, redis);
  // Prometheus figures behind METRICS_TOKEN (metrics/plugin.ts); before the routes, so its hook sees them all.
  await app.register(metricsPlugin, { redis });
  // API routes are registered before the catch-all below (their exact paths win anyway).
  await app.register(leadRoutes, { redis });
  await app.register(measurementRoutes);
  await app.register(consoleRoutes, { settings: { ...consoleSettingsOf(config), ...consoleSettings }, redis, site });
  // Published content: the pages that show it rendered again at start and after each publish.
  await app.register(liveContent, {
    site,
    security,
    manifest,
    buildDir: config.buildDir,
    checkMs: config.contentCheckSeconds * 1000,
  });
  // Uploaded images (/assets/uploads/…), from this instance's disk or the database, before the build's catch-all.
  uploadFileRoute(app);
  if (site) staticSiteRoute(app, site);
  return app;
}
