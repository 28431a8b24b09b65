/**
 * The console's pages (prerendered shells that hold no data) and its JSON API, one module per resource: never
 * stored or indexed, a session and roles for every API route but sign-in and the session check (access.ts),
 * and a change only from the console's own origin, on top of the cookie's SameSite=Strict.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { consoleApiPath, consoleCookie, consolePath } from "#common/console.ts";
import { campaignRoutes } from "../campaigns/routes.ts";
import { confirmationMailer } from "../leads/mailing-list.ts";
import { newsletterSecret } from "../leads/tokens.ts";
import type { staticSite } from "../static-files.ts";
import { subscriberImportRoutes } from "../subscriber-import/routes.ts";
import { uploadRoutes } from "../uploads/routes.ts";
import { isSameOrigin, sessionHashOf, signedIn } from "./access.ts";
import { auditRoutes } from "./audit.ts";
import { contentRoutes } from "./content.ts";
import { dataRequestRoutes } from "./data-requests.ts";
import { leadRoutes } from "./leads.ts";
import { sessionRoutes } from "./sessions.ts";
import type { ConsoleSettings } from "./settings.ts";
import { subscriberRoutes } from "./subscribers.ts";
import { usageRoutes } from "./usage.ts";

export { signInError } from "./sessions.ts";

export interface ConsoleOptions {
  settings: ConsoleSettings;
  /** Shares the failed sign-in counts between instances. */
  redis?: Redis;
  /** The prerendered site, for the console's page shells; absent without a build (npm run dev). */
  site?: ReturnType<typeof staticSite>;
}

const consoleHeaders = { "cache-control": "no-store", "x-robots-tag": "noindex, nofollow" } as const;
const readOnly = (method: string) => method === "GET" || method === "HEAD";

export async function consoleRoutes(app: FastifyInstance, { settings, redis, site }: ConsoleOptions) {
  const { config } = app;
  const store = app.stores.console;
  const siteOrigin = new URL(config.site.siteUrl).origin;

  app.addHook("onRequest", async (request, reply) => {
    reply.headers(consoleHeaders);
    if (!readOnly(request.method) && !isSameOrigin(request, siteOrigin))
      return reply.code(403).send({ error: "This request must come from the console's own pages." });
    const sessionId = request.cookies[consoleCookie];
    if (sessionId) request.account = await store.session(sessionHashOf(sessionId), new Date(), settings);
    // A change without a session ends here, before its body is read: 401, never a 400 or 415 about the body.
    const urlPath = request.url.split("?")[0];
    const isChange = !readOnly(request.method) && urlPath.startsWith(`${consoleApiPath}/`);
    const isSignIn = request.method === "POST" && urlPath === `${consoleApiPath}/session`;
    if (!request.account && isChange && !isSignIn) return reply.code(401).send({ error: "Sign in first." });
  });

  // The audit log keeps CONSOLE_AUDIT_DAYS: cleaned when the instance starts and every hour.
  const pruneAudit = () =>
    void store
      .pruneAudit(new Date(Date.now() - settings.auditRetentionMs))
      .catch((error: unknown) =>
        app.log.error({ err: error }, "console: deleting old audit entries failed, will try again"),
      );
  let pruneTimer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    pruneAudit();
    pruneTimer = setInterval(pruneAudit, 3_600_000).unref();
  });
  app.addHook("onClose", async () => clearInterval(pruneTimer));

  // A subscriber's confirmation mail, as the sign-up sends it (leads/mailing-list.ts).
  const secret = await newsletterSecret(config.newsletterSecret, config.dataDir, app.database);
  const { confirmation } = confirmationMailer(config.site, secret);

  await app.register(sessionRoutes, { settings, redis });
  await app.register(leadRoutes);
  await app.register(subscriberRoutes, { confirmation });
  await app.register(usageRoutes, { site });
  await app.register(dataRequestRoutes, { secret });
  await app.register(auditRoutes);
  await app.register(contentRoutes);
  // Images: a context of its own, where any body is a file's bytes.
  await app.register(uploadRoutes);
  campaignRoutes(app);
  subscriberImportRoutes(app, { confirmation });

  app.all(`${consoleApiPath}/*`, { preHandler: signedIn }, async (_request, reply) =>
    reply.code(404).send({ error: "No such console API." }),
  );

  // Pages: one prerendered shell for every path, which holds no data: the browser asks the API for it.
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const file = site?.find(consolePath);
    if (!site || !file) return reply.code(404).send({ error: "No console in this build." });
    reply.hijack();
    site.send(request.raw, reply.raw, file, consoleHeaders);
  };
  app.get(consolePath, page);
  app.get(`${consolePath}/*`, page);
}
