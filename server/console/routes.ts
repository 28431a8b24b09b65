/**
 * The console's server side: its pages (the prerendered shells under /admin, which hold no
 * data) and its JSON API under /admin/api. Every answer is never stored (no-store) and never
 * indexed (X-Robots-Tag); every API route but sign-in and the session check (200 with
 * `{ signedIn: false }`) needs a session (401 without; for a change, before its body is read), and each route its roles (403 for the
 * others): personal data owners only, usage figures owners and viewers, content and images owners and editors. A state-changing request must come from the console's own origin (Origin or
 * Sec-Fetch-Site, checked here) on top of the session cookie's SameSite=Strict.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { consoleApiPath, consoleCookie, consolePath, isConsolePath } from "#common/console.ts";
import type { ConsoleAccount, SessionAnswer } from "#common/console-api.ts";
import { defaultAuditKind, isAuditKind } from "#common/console-audit.ts";
import {
  isLeadStatus,
  leadStatusLabel,
  maxNoteLength,
  type LeadChange,
  type LeadListAnswer,
} from "#common/lead-pipeline.ts";
import { pagePathsByName, pathsByName } from "#common/page-names.ts";
import { usageFilterOf } from "#common/usage-filter.ts";
import { subscriberCsvHeader, subscriberCsvRow } from "../cli/csv.ts";
import { confirmationMailer } from "../leads/mailing-list.ts";
import { campaignRoutes } from "../campaigns/routes.ts";
import { subscriberImportRoutes } from "../subscriber-import/routes.ts";
import { newsletterSecret } from "../leads/tokens.ts";
import { isLoopbackSelf } from "../loopback-origin.ts";
import { createUsageRunner } from "../measurement/usage-runner.ts";
import {
  lastDays,
  maxReportDays,
  parseRange,
  previousRange,
  UsageReportTimeout,
  type UsageRange,
} from "../measurement/usage-report.ts";
import { loadCspManifest } from "../security-headers.ts";
import type { staticSite } from "../static-files.ts";
import { contentRoutes } from "./content-routes.ts";
import { eraseAddress } from "../privacy/erase.ts";
import { leadCrmCsv, leadCsvFileName } from "./lead-csv.ts";
import { busy, passwordGate } from "./password-gate.ts";
import { decoyHash, verifyPassword } from "./passwords.ts";
import type { ConsoleSettings } from "./settings.ts";
import { limitKeys, memoryCounter, redisCounter, verdict } from "./sign-in-limit.ts";
import type { Account, AuditAction, LeadFilter, SubscriberRow } from "./store.ts";
import { totpStepOf } from "./totp.ts";
import { uploadRoutes } from "../uploads/routes.ts";
import { dayParameter } from "../request-input.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in account (console routes only). */
    account?: Account;
  }
}

export interface ConsoleOptions {
  settings: ConsoleSettings;
  /** Shares the failed sign-in counts between instances. */
  redis?: Redis;
  /** The prerendered site, for the console's page shells; absent without a build (npm run dev). */
  site?: ReturnType<typeof staticSite>;
}

export const signInError = "Wrong email or password.";
const pageSize = 50;
const consoleHeaders = { "cache-control": "no-store", "x-robots-tag": "noindex, nofollow" } as const;

const hashOf = (sessionId: string) => createHash("sha256").update(sessionId).digest("base64url");

function sessionIdOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === consoleCookie) return value.join("=") || undefined;
  }
  return undefined;
}

const text = (value: unknown, max = 320) => (typeof value === "string" ? value.slice(0, max) : "");

/** The inbox filter of a query string: a day that is not a real one is refused (400), other malformed values left out. */
export function leadFilterOf(query: Record<string, unknown>): LeadFilter {
  return {
    q: text(query.q, 200) || undefined,
    from: dayParameter(query, "from"),
    to: dayParameter(query, "to"),
    status: isLeadStatus(query.status) ? query.status : undefined,
    source: text(query.source, 200) || undefined,
    campaign: text(query.campaign, 200) || undefined,
  };
}

/** A question's start for the inbox row: one line of whitespace, at most `max` characters. */
export const previewOf = (details: string, max = 140) => {
  const line = details.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
};

const offsetOf = (query: Record<string, unknown>) =>
  Math.max(0, Math.min(1_000_000, Math.floor(Number(query.offset) || 0)));

/**
 * The console's own origin (SITE_URL's) is the only one allowed to change anything. The Host a
 * request names is no proof (a rebound DNS name sends its own), except a loopback one: the
 * server run on this machine (tests, npm run serve) at its own address (loopback-origin.ts).
 */
function isSameOrigin(request: FastifyRequest, siteOrigin: string): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite !== undefined && fetchSite !== "same-origin") return false;
  const origin = request.headers.origin;
  if (origin === undefined) return fetchSite === "same-origin";
  return origin === siteOrigin || isLoopbackSelf(request, origin);
}

export async function consoleRoutes(app: FastifyInstance, { settings, redis, site }: ConsoleOptions) {
  const { config } = app;
  const store = app.stores.console;
  const secure = config.site.siteUrl.startsWith("https:");
  const siteOrigin = new URL(config.site.siteUrl).origin;
  const attempts = redis ? redisCounter(redis, settings.failureWindowMs) : memoryCounter(settings.failureWindowMs);
  const gate = passwordGate({ atOnce: settings.passwordChecksAtOnce, waiting: settings.passwordChecksWaiting });

  const cookie = (value: string, maxAgeSeconds: number) =>
    `${consoleCookie}=${value}; Path=${consolePath}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
  const audit = (request: FastifyRequest, account: string, action: AuditAction, detail = "") =>
    store.audit({ at: new Date().toISOString(), account, address: request.ip, action, detail });
  // Failed sign-ins come in floods: counted in one row per address, reason and minute, a few an hour.
  const auditFailure = (request: FastifyRequest, account: string, detail: string) =>
    store.auditRepeated(
      { at: new Date().toISOString(), account, address: request.ip, action: "sign-in-failed", detail },
      { perHour: settings.failedSignInRowsPerHour },
    );

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

  app.addHook("onRequest", async (request, reply) => {
    reply.headers(consoleHeaders);
    if (!["GET", "HEAD"].includes(request.method) && !isSameOrigin(request, siteOrigin))
      return reply.code(403).send({ error: "This request must come from the console's own pages." });
    const sessionId = sessionIdOf(request);
    if (sessionId) request.account = await store.session(hashOf(sessionId), new Date(), settings);
    // A change without a session ends here, before its body is read: 401, never a 400 or 415 about the body.
    const urlPath = request.url.split("?")[0];
    const isChange = !["GET", "HEAD"].includes(request.method) && urlPath.startsWith(`${consoleApiPath}/`);
    const isSignIn = request.method === "POST" && urlPath === `${consoleApiPath}/session`;
    if (!request.account && isChange && !isSignIn) return reply.code(401).send({ error: "Sign in first." });
  });

  const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.account) return reply.code(401).send({ error: "Sign in first." });
  };
  const ownerOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.account) return reply.code(401).send({ error: "Sign in first." });
    if (request.account.role !== "owner") return reply.code(403).send({ error: "Only an owner account may see this." });
  };
  const figuresReaders = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.account) return reply.code(401).send({ error: "Sign in first." });
    if (request.account.role === "editor")
      return reply.code(403).send({ error: "An editor account may change content only." });
  };
  const who = (account: Account): ConsoleAccount => ({ email: account.email, role: account.role });
  // The site's page paths (the build's), to write a landing page name as its path; none without a build.
  const pagePathOf = () => {
    try {
      return pagePathsByName(Object.keys(loadCspManifest(config.buildDir).pages));
    } catch {
      return pagePathsByName([]);
    }
  };

  // --- Sessions ---------------------------------------------------------------------------
  // The one API that answers 200 without a session: the sign-in page asks it on every visit (a 401
  // would log a browser console error each time), and without a session it holds nothing but that.
  app.get(`${consoleApiPath}/session`, async (request): Promise<SessionAnswer> =>
    request.account ? { signedIn: true, account: who(request.account) } : { signedIn: false },
  );

  app.post(`${consoleApiPath}/session`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = text(body.email).trim().toLowerCase();
    const password = text(body.password, 1024);
    const code = text(body.code, 16);
    const keys = limitKeys(request.ip, email);
    const all = [keys.address, keys.pair, keys.account];
    // Counted before the check (sign-in-limit.ts), so requests sent at once cannot all be checked.
    const [address, pair, ofAccount] = (await attempts.reserve(all)).map((n) => n - 1);
    const allowed = verdict({ address, pair, account: ofAccount }, settings);
    // No audit row: a refusal checked nothing, and a flood of them would only fill the log.
    if (allowed.refused) return reply.code(429).send({ error: "Too many failed sign-ins. Try again in 15 minutes." });
    if (allowed.delayMs) await sleep(allowed.delayMs);
    const account = email ? await store.account(email) : undefined;
    // An unknown address costs the same scrypt as a known one, so the time does not tell them apart.
    const hash = account?.passwordHash ?? (await decoyHash());
    const passwordOk = await gate.run(() => verifyPassword(password, hash));
    if (passwordOk === busy) {
      await attempts.giveBack(all);
      return reply
        .code(503)
        .header("retry-after", "5")
        .send({ error: "Too many sign-ins at once. Try again in a few seconds." });
    }
    if (!account || !passwordOk) {
      await auditFailure(request, email, account ? "wrong password" : "unknown address");
      return reply.code(401).send({ error: signInError });
    }
    if (account.totpSecret) {
      if (!code) {
        // The right password is no failure: the attempt is given back until its code comes.
        await attempts.giveBack(all);
        return reply.code(401).send({ error: "Enter the 6-digit code from your authenticator app.", needCode: true });
      }
      // A code is taken once (ASVS 2.8.4): a step at or before the last one used is a wrong code.
      const step = totpStepOf(account.totpSecret, code, new Date());
      if (step === undefined || !(await store.useTotpStep(account.id, step))) {
        await auditFailure(request, email, "wrong authenticator code");
        return reply.code(401).send({
          error: "That code is not right. Enter the current code from your authenticator app.",
          needCode: true,
        });
      }
    }
    // A new id on every sign-in; a session the browser still held ends.
    const previous = sessionIdOf(request);
    if (previous) await store.endSession(hashOf(previous));
    const sessionId = randomBytes(32).toString("base64url");
    await store.addSession(hashOf(sessionId), account.id, new Date());
    // A success is no failure: the account starts again, and the address's count loses this attempt.
    await attempts.clear([keys.pair, keys.account]);
    await attempts.giveBack([keys.address]);
    await audit(request, account.email, "sign-in");
    return reply
      .header("set-cookie", cookie(sessionId, Math.floor(settings.absoluteMs / 1000)))
      .send({ signedIn: true, account: who(account) } satisfies SessionAnswer);
  });

  app.delete(`${consoleApiPath}/session`, { preHandler: signedIn }, async (request, reply) => {
    await store.endSession(hashOf(sessionIdOf(request)!));
    await audit(request, request.account!.email, "sign-out");
    return reply.header("set-cookie", cookie("", 0)).send({ ok: true });
  });

  app.post(`${consoleApiPath}/session/everywhere`, { preHandler: signedIn }, async (request, reply) => {
    const ended = await store.endSessionsOf(request.account!.id);
    await audit(request, request.account!.email, "sign-out-everywhere", `${ended} sessions`);
    return reply.header("set-cookie", cookie("", 0)).send({ ok: true, ended });
  });

  // --- Leads ------------------------------------------------------------------------------
  app.get(`${consoleApiPath}/leads`, { preHandler: ownerOnly }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const { leads, total } = await store.leads(leadFilterOf(query), { limit: pageSize, offset: offsetOf(query) });
    return {
      total,
      pageSize,
      leads: leads.map(
        ({ id, createdAt, name, email, subject, details, status, owner, changedAt, source, campaign }) => ({
          id,
          createdAt,
          name,
          email,
          subject,
          preview: previewOf(details),
          status,
          owner,
          changedAt,
          source,
          campaign,
        }),
      ),
      ...(await store.leadFacets()),
    } satisfies LeadListAnswer;
  });

  app.get(`${consoleApiPath}/leads.csv`, { preHandler: ownerOnly }, async (request, reply) => {
    const filter = leadFilterOf(request.query as Record<string, unknown>);
    const { leads } = await store.leads(filter, { limit: 1_000_000, offset: 0 });
    await audit(
      request,
      request.account!.email,
      "export",
      `leads CSV, ${leads.length} rows, filter ${JSON.stringify(filter)}`,
    );
    const name = leadCsvFileName(filter, new Date().toISOString().slice(0, 10));
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}"`)
      .send(leadCrmCsv(leads, pagePathOf()));
  });

  app.get(`${consoleApiPath}/leads/:id`, { preHandler: ownerOnly }, async (request, reply) => {
    const lead = await store.lead(Number((request.params as { id: string }).id));
    if (!lead) return reply.code(404).send({ error: "No such lead." });
    // The notification to sales, webhooks and the CRM post of this lead (mail/outbox-store.ts).
    return {
      lead,
      deliveries: await app.stores.outbox.deliveries([`lead:${lead.id}`]),
      history: await store.leadHistory(lead.id),
      owners: await ownerAddresses(),
    };
  });

  // A lead's owner is an account that can see it: an owner-role account.
  const ownerAddresses = async () =>
    (await store.accounts()).filter((account) => account.role === "owner").map((account) => account.email);

  // Status, owner and notes, any of them at once; each change goes in the lead's history and the audit log.
  // No webhook event: receivers hear of a lead when it comes and when it is erased (docs/mail-and-webhooks.md).
  app.post(`${consoleApiPath}/leads/:id`, { preHandler: ownerOnly }, async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const change: LeadChange = {};
    if (body.status !== undefined) {
      if (!isLeadStatus(body.status)) return reply.code(400).send({ error: "Choose one of the lead statuses." });
      change.status = body.status;
    }
    if (body.owner !== undefined) {
      const owner = text(body.owner).trim().toLowerCase();
      if (owner && !(await ownerAddresses()).includes(owner))
        return reply.code(400).send({ error: "The owner must be an owner account of the console." });
      change.owner = owner;
    }
    if (body.note !== undefined) {
      if (typeof body.note !== "string" || !body.note.trim())
        return reply.code(400).send({ error: "Write the note first." });
      if (body.note.length > maxNoteLength)
        return reply.code(400).send({ error: `A note holds at most ${maxNoteLength} characters.` });
      change.note = body.note;
    }
    if (!Number.isSafeInteger(id)) return reply.code(404).send({ error: "No such lead." });
    const changed = await store.changeLead(id, change, request.account!.email, new Date());
    if (!changed) return reply.code(404).send({ error: "No such lead." });
    // The audit log says what changed, never a note's words (they may be about the person).
    for (const event of changed.events)
      await audit(
        request,
        request.account!.email,
        "lead-changed",
        event.kind === "status"
          ? `lead ${id}: status ${leadStatusLabel[event.previous as keyof typeof leadStatusLabel]} → ${leadStatusLabel[event.value as keyof typeof leadStatusLabel]}`
          : event.kind === "owner"
            ? `lead ${id}: owner ${event.value || "nobody"}`
            : `lead ${id}: note added`,
      );
    return { lead: changed.lead, history: await store.leadHistory(id) };
  });

  // --- Subscribers --------------------------------------------------------------------------
  const statuses = new Set<SubscriberRow["status"]>(["pending", "subscribed", "unsubscribed"]);
  app.get(`${consoleApiPath}/subscribers`, { preHandler: ownerOnly }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const status = statuses.has(query.status as SubscriberRow["status"])
      ? (query.status as SubscriberRow["status"])
      : undefined;
    const { subscribers, total } = await store.subscribers(
      { q: text(query.q, 200) || undefined, status },
      { limit: pageSize, offset: offsetOf(query) },
    );
    return { counts: await store.subscriberCounts(), total, pageSize, subscribers };
  });

  // A pending subscriber's confirmation again, by the sign-up's own path (leads/mailing-list.ts): the
  // same mail and the same limits, so an inbox mailed in the last 24 hours gets nothing more.
  const { confirmation } = confirmationMailer(
    config.site,
    await newsletterSecret(config.newsletterSecret, config.dataDir, app.database),
  );
  const subscriberOf = async (request: FastifyRequest) => {
    const id = Number((request.params as { id: string }).id);
    return Number.isSafeInteger(id) ? await app.stores.subscribers.getSubscriber(id) : undefined;
  };
  app.post(`${consoleApiPath}/subscribers/:id/resend`, { preHandler: ownerOnly }, async (request, reply) => {
    const subscriber = await subscriberOf(request);
    if (!subscriber) return reply.code(404).send({ error: "No such subscriber." });
    if (subscriber.status !== "pending")
      return reply.code(409).send({ error: "Only a pending subscriber is sent a confirmation." });
    const { list, email, firstName, lastName } = subscriber;
    const now = new Date();
    const { queued, waiting } = await app.stores.subscribers.addSubscriber(
      { list, email, firstName, lastName },
      confirmation,
      now,
      config.confirmationLimits,
    );
    if (!queued && !waiting)
      return reply.code(409).send({
        error:
          "Not sent: this inbox was sent a confirmation less than 24 hours ago, and its link still works. Try again after a day.",
      });
    app.outbox.kick();
    await audit(
      request,
      request.account!.email,
      "subscriber-resend",
      `subscriber ${subscriber.id}${waiting ? ": waits for the hourly mail budget" : ""}`,
    );
    return {
      message: waiting
        ? "The confirmation waits for the hourly mail budget and goes out as soon as it allows."
        : `Confirmation sent again to ${email}.`,
    };
  });

  // By hand, for someone who asked by mail or phone: the same change as the mail's link, webhook included.
  app.post(`${consoleApiPath}/subscribers/:id/unsubscribe`, { preHandler: ownerOnly }, async (request, reply) => {
    const subscriber = await subscriberOf(request);
    if (!subscriber) return reply.code(404).send({ error: "No such subscriber." });
    if (subscriber.status === "unsubscribed") return reply.code(409).send({ error: "Already unsubscribed." });
    await app.stores.subscribers.unsubscribe(subscriber.id, new Date());
    app.outbox.kick();
    await audit(
      request,
      request.account!.email,
      "subscriber-unsubscribed",
      `subscriber ${subscriber.id}, was ${subscriber.status}`,
    );
    return { message: `${subscriber.email} is unsubscribed.` };
  });

  app.get(`${consoleApiPath}/subscribers.csv`, { preHandler: ownerOnly }, async (request, reply) => {
    const { subscribers } = await store.subscribers({ status: "subscribed" }, { limit: 10_000_000, offset: 0 });
    await audit(request, request.account!.email, "export", `confirmed subscribers CSV, ${subscribers.length} rows`);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="subscribers-confirmed-${day}.csv"`)
      .send(subscriberCsvHeader + [...subscribers].reverse().map(subscriberCsvRow).join(""));
  });

  // --- Usage (owners and viewers: figures only, no personal data) -----------------------------
  const usage = createUsageRunner(
    { measurement: app.stores.usage, leads: app.stores.leads, subscribers: app.stores.subscribers },
    { budgetMs: config.usageReportBudgetMs },
  );
  // The site's page paths by measurement name, so the page shows paths (none without a build: names then).
  let pagePaths: Record<string, string> | undefined;
  const pagePathsOf = () => {
    try {
      pagePaths ??= pathsByName(
        Object.keys(loadCspManifest(config.buildDir).pages).filter((urlPath) => !isConsolePath(urlPath)),
      );
    } catch {
      pagePaths = {};
    }
    return pagePaths;
  };
  app.get(`${consoleApiPath}/usage`, { preHandler: figuresReaders }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    let range: UsageRange;
    if (query.from !== undefined || query.to !== undefined) {
      const parsed = parseRange(query.from, query.to);
      if ("error" in parsed) return reply.code(400).send({ error: parsed.error });
      range = parsed;
    } else {
      const days = Number(query.days ?? 30);
      if (!(Number.isInteger(days) && days >= 1 && days <= maxReportDays))
        return reply.code(400).send({ error: `Choose between 1 and ${maxReportDays} days.` });
      range = lastDays(days);
    }
    // The period before is as long as the range and ends the day before it starts.
    const before = previousRange(range);
    try {
      const filter = usageFilterOf(query);
      const [report, previous] = await Promise.all([usage.report(range, filter), usage.report(before, filter)]);
      const sum = (rows: typeof report.daily, key: "views" | "visitors" | "leads" | "subscribers") =>
        rows.reduce((total, row) => total + row[key], 0);
      const figures = (rows: typeof report.daily) => ({
        pageViews: sum(rows, "views"),
        // Unique visitors cannot be added up over days: the change is of visitors per day, summed.
        dailyVisitors: sum(rows, "visitors"),
        leads: sum(rows, "leads"),
        subscribers: sum(rows, "subscribers"),
      });
      // The filter's visits and those that sent the contact form (the measured side of Leads).
      const visits = ({ acquisition: a }: typeof report) => ({
        visits: a.visits,
        contactSent: a.goals.find((g) => g.goal === "contact-sent")?.visits ?? 0,
        signupRequests: a.goals.find((g) => g.goal === "newsletter-requested")?.visits ?? 0,
      });
      return {
        report,
        pagePaths: pagePathsOf(),
        current: { ...figures(report.daily), ...visits(report) },
        previous: { ...before, ...figures(previous.daily), ...visits(previous) },
      };
    } catch (error) {
      if (error instanceof UsageReportTimeout)
        return reply.code(503).header("retry-after", "60").send({ error: error.message });
      throw error;
    }
  });

  // --- Data requests ------------------------------------------------------------------------
  // The audit log names the person a request is about by a keyed hash, never the address: an
  // erase leaves it nothing to find, and the same address always gives the same reference.
  const auditKey = createHmac("sha256", await newsletterSecret(config.newsletterSecret, config.dataDir, app.database))
    .update("console audit: data-request addresses")
    .digest();
  const auditRefOf = (email: string) =>
    `hmac:${createHmac("sha256", auditKey).update(email).digest("base64url").slice(0, 22)}`;
  const emailOf = (request: FastifyRequest) =>
    text((request.body as { email?: unknown } | undefined)?.email)
      .trim()
      .toLowerCase();
  app.post(`${consoleApiPath}/data-requests`, { preHandler: ownerOnly }, async (request, reply) => {
    const email = emailOf(request);
    if (!email.includes("@")) return reply.code(400).send({ error: "Enter the e-mail address the request is about." });
    const records = await store.dataRequest(email);
    await audit(request, request.account!.email, "data-request", `looked up ${auditRefOf(email)}`);
    return records;
  });

  app.post(`${consoleApiPath}/data-requests/export`, { preHandler: ownerOnly }, async (request, reply) => {
    const email = emailOf(request);
    if (!email.includes("@")) return reply.code(400).send({ error: "Enter the e-mail address the request is about." });
    const records = await store.dataRequest(email);
    await audit(request, request.account!.email, "export", `data request for ${auditRefOf(email)}`);
    return reply
      .header("content-disposition", `attachment; filename="data-request-${email.replace(/[^\w.@-]/g, "_")}.json"`)
      .send({ exportedAt: new Date().toISOString(), site: config.site.siteUrl, ...records });
  });

  app.post(`${consoleApiPath}/data-requests/erase`, { preHandler: ownerOnly }, async (request, reply) => {
    const email = emailOf(request);
    const confirm = text((request.body as { confirm?: unknown } | undefined)?.confirm)
      .trim()
      .toLowerCase();
    if (!email.includes("@")) return reply.code(400).send({ error: "Enter the e-mail address the request is about." });
    if (confirm !== email)
      return reply.code(400).send({ error: "Type the e-mail address again to confirm the erase." });
    const erased = await eraseAddress(
      { stores: app.stores, database: app.database, mailFolder: path.join(config.dataDir, "mail") },
      email,
      new Date(),
    );
    app.outbox.kick();
    const auditRef = auditRefOf(email);
    await audit(request, request.account!.email, "erase", `${auditRef}: ${JSON.stringify(erased)}`);
    return { erased, auditRef };
  });

  // --- Audit log ----------------------------------------------------------------------------
  // By kind (common/console-audit.ts); the team's actions by default, which strangers cannot add to.
  app.get(`${consoleApiPath}/audit`, { preHandler: ownerOnly }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const kind = isAuditKind(query.kind) ? query.kind : defaultAuditKind;
    return { pageSize, kind, entries: await store.auditLog({ limit: pageSize, offset: offsetOf(query) }, kind) };
  });

  // --- Content (owners and editors) ------------------------------------------------------------
  contentRoutes(app, { buildDir: config.buildDir, site: config.site });
  // Images (owners and editors): a context of its own, where any body is a file's bytes.
  await app.register(uploadRoutes);
  // --- Campaigns (owners and editors write; owners send) --------------------------------------
  campaignRoutes(app);
  // --- Subscriber import (owners) ----------------------------------------------------------------
  subscriberImportRoutes(app, { confirmation });

  app.all(`${consoleApiPath}/*`, { preHandler: signedIn }, async (_request, reply) =>
    reply.code(404).send({ error: "No such console API." }),
  );

  // --- Pages: one prerendered shell for every path (the "admin/*" route), which holds no data;
  // the browser asks the API for it, and shows the sign-in page without a session.
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const file = site?.find(consolePath);
    if (!site || !file) return reply.code(404).send({ error: "No console in this build." });
    reply.hijack();
    site.send(request.raw, reply.raw, file, consoleHeaders);
  };
  app.get(consolePath, page);
  app.get(`${consolePath}/*`, page);
}
