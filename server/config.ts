/**
 * The server's configuration: the site identity (common/site.ts) plus what only the server
 * needs. Read from the environment once at start-up; a bad value stops the start with a
 * message naming the variable.
 */
import path from "node:path";
import { readFileSync } from "node:fs";
import { ConfigError, loadSiteConfig, type SiteConfig } from "../common/site.ts";
import type { CrmSink, WebhookEndpoint } from "./mail/handoff.ts";
import { webhookSecretPattern } from "./mail/http.ts";
import { defaultConfirmationLimits, type ConfirmationLimits } from "./leads/store.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The configuration buildApp was given, for every feature's plugins. */
    config: ServerConfig;
  }
}

export interface ServerConfig {
  port: number;
  host: string;
  /** The prerendered site: build/client. */
  buildDir: string;
  /** Where the SQLite database and the mail folder live. */
  dataDir: string;
  /**
   * PostgreSQL shared by several instances (DATABASE_URL, postgres://user:pass@host:5432/db);
   * empty: the SQLite file in DATA_DIR, for one instance.
   */
  databaseUrl: string;
  /** Redis for rate limits shared by several instances (REDIS_URL, redis://host:6379); empty: per process. */
  redisUrl: string;
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.com:587; empty writes .eml files. */
  smtpUrl: string;
  /** Sender of transactional mail (lead notification, confirmation); default "<brand> <no-reply@site host>". */
  mailFrom: string;
  /** Sender of newsletter mail (NEWSLETTER_FROM); default MAIL_FROM. */
  newsletterFrom: string;
  /**
   * Webhook endpoints: WEBHOOK_URL with WEBHOOK_SECRET, then WEBHOOK_URL_2 with WEBHOOK_SECRET_2
   * and so on; each secret "whsec_" + base64 (Standard Webhooks).
   */
  webhooks: WebhookEndpoint[];
  /** Requests per second this instance sends to webhook endpoints and the CRM at most (WEBHOOK_RATE_PER_SECOND, default 20). */
  webhookRatePerSecond: number;
  /** The CRM's web-to-lead endpoint (CRM_WEB_TO_LEAD_URL, CRM_ORG_ID, CRM_LEAD_SOURCE); undefined: none. */
  crm?: CrmSink;
  /** DKIM signing of every mail (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE); undefined: unsigned. */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** Where the weekly digest goes (DIGEST_TO, default the sales address; empty: no digest). */
  digestTo: string;
  /** Mails per second this instance hands to SMTP_URL at most, over all its connections (MAIL_RATE_PER_SECOND, default 20). */
  mailRatePerSecond: number;
  /** SMTP connections the outbox sends over at once (MAIL_CONNECTIONS, default 4). */
  mailConnections: number;
  /** Days a delivered mail is kept before it is deleted (MAIL_RETENTION_DAYS, default 30; 0: at the next hourly prune). */
  mailRetentionDays: number;
  /**
   * Seconds a worker holds the mails it claimed (MAIL_LEASE_SECONDS, default 60): an instance
   * that dies mid-send leaves them to another instance's worker after this long.
   */
  mailLeaseSeconds: number;
  /** Requests per minute and IP to each lead endpoint (RATE_LIMIT_PER_MINUTE). */
  rateLimitPerMinute: number;
  /** Confirmation mails an hour to one domain and in all (CONFIRMATION_MAILS_PER_DOMAIN_PER_HOUR, CONFIRMATION_MAILS_PER_HOUR). */
  confirmationLimits: ConfirmationLimits;
  /** Origins besides the site's own that may call the API from a browser (ALLOWED_ORIGINS, comma-separated). */
  allowedOrigins: string[];
  /**
   * Key for the newsletter's signed links; empty: created once in the shared database with
   * DATABASE_URL, else generated once and kept in the data folder.
   */
  newsletterSecret: string;
  /** Requests per minute per IP for the RUM pixel and the analytics collector, each. */
  measureRateLimit: number;
  /** Measurement rows (pixel and collector together) one address may add per UTC day (MEASURE_DAILY_ROWS). */
  measureDailyRows: number;
  /** Bytes of measurement rows one address may add per UTC day (MEASURE_DAILY_BYTES). */
  measureDailyBytes: number;
  /** Measurement rows older than this many days are deleted (MEASURE_RETENTION_DAYS, default 395: 13 months). */
  measureRetentionDays: number;
  /**
   * Milliseconds a client has to send a whole request, headers and body (REQUEST_TIMEOUT_MS);
   * a stalled upload is answered 408 and closed after it.
   */
  requestTimeoutMs: number;
  /** Open connections per client address; more are closed at once (CONNECTIONS_PER_ADDRESS, 0: no cap). */
  connectionsPerAddress: number;
  /**
   * Milliseconds a lead or beacon write waits, off the event loop, for a SQLite write lock held
   * by another process before it is answered 503 (DATABASE_LOCK_WAIT_MS, default 2000).
   */
  databaseLockWaitMs: number;
  /** Free space DATA_DIR's disk must have for /healthz to say ok, in MB (MIN_FREE_DISK_MB, default 64). */
  minFreeDiskMb: number;
  site: SiteConfig;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses, CIDRs or "loopback"); none by
   * default, so a client cannot dodge the per-IP rate limits by sending the header itself.
   */
  trustProxy: string[] | false;
}

/** The newsletter links' key must be at least this long: anything shorter can be guessed or was written half. */
export const minSecretBytes = 32;

export function loadServerConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const problems: string[] = [];
  const port = Number(env.PORT ?? "3000");
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a port number 0-65535 (got ${JSON.stringify(env.PORT)})`);
  const smtpUrl = env.SMTP_URL ?? "";
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl))
    problems.push(`SMTP_URL must start with smtp:// or smtps:// (got a value of ${smtpUrl.length} characters)`);
  const rateLimitPerMinute = Number(env.RATE_LIMIT_PER_MINUTE ?? "10");
  if (!Number.isInteger(rateLimitPerMinute) || rateLimitPerMinute < 1)
    problems.push(`RATE_LIMIT_PER_MINUTE must be a whole number of at least 1 (got ${JSON.stringify(env.RATE_LIMIT_PER_MINUTE)})`);
  const allowedOrigins = (env.ALLOWED_ORIGINS ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of allowedOrigins)
    if (!/^https?:\/\/[^/\s]+$/.test(origin))
      problems.push(`ALLOWED_ORIGINS must list origins such as https://www.example.com (got ${JSON.stringify(origin)})`);
  const newsletterSecret = env.NEWSLETTER_SECRET ?? "";
  if (newsletterSecret && Buffer.byteLength(newsletterSecret) < minSecretBytes)
    problems.push(`NEWSLETTER_SECRET must be at least ${minSecretBytes} bytes long (make one with: openssl rand -base64 32)`);
  const databaseUrl = env.DATABASE_URL ?? "";
  if (databaseUrl && !/^postgres(ql)?:\/\/\S+$/.test(databaseUrl))
    problems.push(`DATABASE_URL must start with postgres:// or postgresql:// (got a value of ${databaseUrl.length} characters)`);
  const redisUrl = env.REDIS_URL ?? "";
  if (redisUrl && !/^rediss?:\/\/\S+$/.test(redisUrl))
    problems.push(`REDIS_URL must start with redis:// or rediss:// (got a value of ${redisUrl.length} characters)`);
  const mailFrom = env.MAIL_FROM ?? "";
  if (/[\r\n]/.test(mailFrom)) problems.push("MAIL_FROM must be one line");
  const mailRatePerSecond = Number(env.MAIL_RATE_PER_SECOND ?? "20");
  if (!(mailRatePerSecond > 0 && mailRatePerSecond <= 100_000))
    problems.push(`MAIL_RATE_PER_SECOND must be a number of mails per second above 0 (got ${JSON.stringify(env.MAIL_RATE_PER_SECOND)})`);
  const mailConnections = Number(env.MAIL_CONNECTIONS ?? "4");
  if (!Number.isInteger(mailConnections) || mailConnections < 1 || mailConnections > 50)
    problems.push(`MAIL_CONNECTIONS must be a whole number from 1 to 50 (got ${JSON.stringify(env.MAIL_CONNECTIONS)})`);
  const mailLeaseSeconds = Number(env.MAIL_LEASE_SECONDS ?? "60");
  if (!(Number.isFinite(mailLeaseSeconds) && mailLeaseSeconds >= 1 && mailLeaseSeconds <= 3600))
    problems.push(`MAIL_LEASE_SECONDS must be a number of seconds from 1 to 3600 (got ${JSON.stringify(env.MAIL_LEASE_SECONDS)})`);
  const mailRetentionDays = Number(env.MAIL_RETENTION_DAYS ?? "30");
  if (!(Number.isFinite(mailRetentionDays) && mailRetentionDays >= 0))
    problems.push(`MAIL_RETENTION_DAYS must be a number of days, 0 or more (got ${JSON.stringify(env.MAIL_RETENTION_DAYS)})`);
  const measureRateLimit = Number(env.MEASURE_RATE_LIMIT ?? "600");
  if (!Number.isInteger(measureRateLimit) || measureRateLimit < 1)
    problems.push(`MEASURE_RATE_LIMIT must be a positive whole number of requests per minute (got ${JSON.stringify(env.MEASURE_RATE_LIMIT)})`);
  const whole = (name: string, fallback: string, min: number, what: string) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min) problems.push(`${name} must be ${what} (got ${JSON.stringify(env[name])})`);
    return value;
  };
  const measureDailyRows = whole("MEASURE_DAILY_ROWS", "5000", 1, "a positive whole number of rows per address and day");
  const measureDailyBytes = whole("MEASURE_DAILY_BYTES", "2000000", 1, "a positive whole number of bytes per address and day");
  const measureRetentionDays = whole("MEASURE_RETENTION_DAYS", "395", 1, "a positive whole number of days");
  const requestTimeoutMs = whole("REQUEST_TIMEOUT_MS", "10000", 100, "a whole number of milliseconds, at least 100");
  const connectionsPerAddress = whole("CONNECTIONS_PER_ADDRESS", "100", 0, "a whole number of connections (0: no cap)");
  const webhooks: WebhookEndpoint[] = [];
  const webhookSuffixes = Object.keys(env)
    .map((name) => /^WEBHOOK_(?:URL|SECRET)(_\d+)?$/.exec(name)?.[1] ?? (/^WEBHOOK_(?:URL|SECRET)$/.test(name) ? "" : undefined))
    .filter((suffix): suffix is string => suffix !== undefined);
  for (const suffix of [...new Set(webhookSuffixes)].sort((a, b) => Number(a.slice(1) || 1) - Number(b.slice(1) || 1))) {
    const url = env[`WEBHOOK_URL${suffix}`] ?? "";
    const secret = env[`WEBHOOK_SECRET${suffix}`] ?? "";
    if (!url && !secret) continue;
    if (!/^https?:\/\/\S+$/.test(url)) problems.push(`WEBHOOK_URL${suffix} must be an http(s) URL (got ${JSON.stringify(url)})`);
    else if (!webhookSecretPattern.test(secret))
      problems.push(`WEBHOOK_SECRET${suffix} must be "whsec_" followed by a base64 key of at least 16 bytes (openssl rand -base64 32)`);
    else webhooks.push({ url, secret });
  }
  const webhookRatePerSecond = Number(env.WEBHOOK_RATE_PER_SECOND ?? "20");
  if (!(webhookRatePerSecond > 0 && webhookRatePerSecond <= 100_000))
    problems.push(`WEBHOOK_RATE_PER_SECOND must be a number of requests per second above 0 (got ${JSON.stringify(env.WEBHOOK_RATE_PER_SECOND)})`);
  let crm: CrmSink | undefined;
  if (env.CRM_WEB_TO_LEAD_URL) {
    if (!/^https?:\/\/\S+$/.test(env.CRM_WEB_TO_LEAD_URL)) problems.push("CRM_WEB_TO_LEAD_URL must be an http(s) URL");
    else if (!env.CRM_ORG_ID) problems.push("CRM_ORG_ID must be set with CRM_WEB_TO_LEAD_URL (the CRM's organisation id)");
    else crm = { url: env.CRM_WEB_TO_LEAD_URL, orgId: env.CRM_ORG_ID, leadSource: env.CRM_LEAD_SOURCE || "Web" };
  }
  let dkim: ServerConfig["dkim"];
  if (env.DKIM_DOMAIN || env.DKIM_SELECTOR || env.DKIM_PRIVATE_KEY || env.DKIM_PRIVATE_KEY_FILE) {
    let privateKey = env.DKIM_PRIVATE_KEY ?? "";
    if (!privateKey && env.DKIM_PRIVATE_KEY_FILE)
      try {
        privateKey = readFileSync(env.DKIM_PRIVATE_KEY_FILE, "utf8");
      } catch {
        problems.push(`DKIM_PRIVATE_KEY_FILE cannot be read (${JSON.stringify(env.DKIM_PRIVATE_KEY_FILE)})`);
      }
    if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !privateKey)
      problems.push("DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) together");
    else if (!/-----BEGIN (RSA )?PRIVATE KEY-----/.test(privateKey))
      problems.push("DKIM_PRIVATE_KEY must be a PEM private key (npm run -s dkim -- keygen writes one)");
    else dkim = { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: privateKey.replace(/\\n/g, "\n") };
  }
  const newsletterFrom = env.NEWSLETTER_FROM ?? "";
  if (/[\r\n]/.test(newsletterFrom)) problems.push("NEWSLETTER_FROM must be one line");
  const digestTo = env.DIGEST_TO;
  if (digestTo && !/^[^\s@]+@[^\s@]+$/.test(digestTo))
    problems.push(`DIGEST_TO must be an e-mail address, or empty for no digest (got ${JSON.stringify(digestTo)})`);
  const confirmationLimits = {
    perDomainPerHour: whole(
      "CONFIRMATION_MAILS_PER_DOMAIN_PER_HOUR",
      String(defaultConfirmationLimits.perDomainPerHour),
      1,
      "a positive whole number of mails",
    ),
    perHour: whole("CONFIRMATION_MAILS_PER_HOUR", String(defaultConfirmationLimits.perHour), 1, "a positive whole number of mails"),
  };
  const databaseLockWaitMs = whole("DATABASE_LOCK_WAIT_MS", "2000", 0, "a whole number of milliseconds (0: no wait)");
  const minFreeDiskMb = whole("MIN_FREE_DISK_MB", "64", 0, "a whole number of megabytes (0: no minimum)");
  let site: SiteConfig | undefined;
  try {
    site = loadSiteConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.message.split("\n  - ").slice(1));
  }
  if (problems.length || !site) throw new ConfigError(`Invalid server configuration:\n  - ${problems.join("\n  - ")}`);
  const defaultFrom = `${site.brand} <no-reply@${new URL(site.siteUrl).hostname.replace(/^www\./, "")}>`;
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    buildDir: path.resolve(env.BUILD_DIR ?? "build/client"),
    dataDir: path.resolve(env.DATA_DIR ?? "data"),
    databaseUrl,
    redisUrl,
    smtpUrl,
    mailFrom: mailFrom || defaultFrom,
    newsletterFrom: newsletterFrom || mailFrom || defaultFrom,
    webhooks,
    webhookRatePerSecond,
    crm,
    dkim,
    digestTo: digestTo ?? site.salesEmail,
    mailRatePerSecond,
    mailConnections,
    mailRetentionDays,
    mailLeaseSeconds,
    rateLimitPerMinute,
    confirmationLimits,
    allowedOrigins,
    newsletterSecret,
    measureRateLimit,
    measureDailyRows,
    measureDailyBytes,
    measureRetentionDays,
    requestTimeoutMs,
    connectionsPerAddress,
    databaseLockWaitMs,
    minFreeDiskMb,
    site,
    trustProxy: env.TRUST_PROXY
      ? env.TRUST_PROXY.split(",")
          .map((entry) => entry.trim())
          .filter(Boolean)
      : false,
  };
}
