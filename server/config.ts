/**
 * The server's configuration: the site identity (common/site.ts) plus one table of the server's own
 * settings (variable, default, valibot schema), read once at start-up; every bad value is named in
 * one error. Settings of several variables have a reader each in config-integrations.ts.
 */
import * as v from "valibot";
import { ConfigError, loadSiteConfig, type SiteConfig } from "#common/site.ts";
import { between, folder, list, numberWhere, oneLine, optional, positive, whole } from "./config-values.ts";
import { readCdnPurge, readCrm, readDkim, readWebhooks } from "./config-integrations.ts";
import { defaultChallengeSettings } from "./leads/challenge.ts";
import { defaultConfirmationLimits } from "./leads/store.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The configuration buildApp was given, for every feature's plugins. */
    config: ServerConfig;
  }
}

/** The newsletter links' key must be at least this long: anything shorter can be guessed or was written half. */
export const minSecretBytes = 32;

/** Every single-variable setting: [variable, default, schema, secret]; an error gives a secret's length only. */
const settings = {
  port: ["PORT", "3000", whole(0, "must be a port number 0-65535", 65535)],
  host: ["HOST", "0.0.0.0", v.string()],
  /** The prerendered site: build/client. */
  buildDir: ["BUILD_DIR", "build/client", folder],
  /** Where the SQLite database and the mail folder live. */
  dataDir: ["DATA_DIR", "data", folder],
  /** PostgreSQL shared by several instances (postgres://user:pass@host:5432/db); empty: SQLite in DATA_DIR. */
  databaseUrl: [
    "DATABASE_URL",
    "",
    optional(/^postgres(ql)?:\/\/\S+$/, "must start with postgres:// or postgresql://"),
    "secret",
  ],
  /** Redis for rate limits shared by several instances (REDIS_URL, redis://host:6379); empty: per process. */
  redisUrl: ["REDIS_URL", "", optional(/^rediss?:\/\/\S+$/, "must start with redis:// or rediss://"), "secret"],
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.com:587; empty writes .eml files. */
  smtpUrl: ["SMTP_URL", "", optional(/^smtps?:\/\/[^\s]+$/, "must start with smtp:// or smtps://"), "secret"],
  /** Sender of transactional mail (lead notification, confirmation); default "<brand> <no-reply@site host>". */
  mailFrom: ["MAIL_FROM", "", oneLine("must be one line")],
  /** Sender of newsletter mail (NEWSLETTER_FROM); default MAIL_FROM. */
  newsletterFrom: ["NEWSLETTER_FROM", "", oneLine("must be one line")],
  /** Where the weekly digest goes (DIGEST_TO, default the sales address; empty: no digest). */
  digestTo: [
    "DIGEST_TO",
    undefined,
    v.optional(optional(/^[^\s@]+@[^\s@]+$/, "must be an e-mail address, or empty for no digest")),
  ],
  /** Mails per second this instance hands to SMTP_URL at most, over all its connections (MAIL_RATE_PER_SECOND, default 20). */
  mailRatePerSecond: [
    "MAIL_RATE_PER_SECOND",
    "20",
    numberWhere((n) => n > 0 && n <= 100_000, "must be a number of mails per second above 0"),
  ],
  /** SMTP connections the outbox sends over at once (MAIL_CONNECTIONS, default 4). */
  mailConnections: ["MAIL_CONNECTIONS", "4", whole(1, "must be a whole number from 1 to 50", 50)],
  /** Days a delivered mail is kept before it is deleted (MAIL_RETENTION_DAYS, default 30; 0: at the next hourly prune). */
  mailRetentionDays: ["MAIL_RETENTION_DAYS", "30", between(0, Infinity, "must be a number of days, 0 or more")],
  /** Seconds a worker holds the mails it claimed: another instance's takes them this long after a death. */
  mailLeaseSeconds: ["MAIL_LEASE_SECONDS", "60", between(1, 3600, "must be a number of seconds from 1 to 3600")],
  /** Requests per second this instance sends to webhook endpoints and the CRM at most (WEBHOOK_RATE_PER_SECOND, default 20). */
  webhookRatePerSecond: [
    "WEBHOOK_RATE_PER_SECOND",
    "20",
    numberWhere((n) => n > 0 && n <= 100_000, "must be a number of requests per second above 0"),
  ],
  /** Requests per minute and IP to each lead endpoint (RATE_LIMIT_PER_MINUTE). */
  rateLimitPerMinute: ["RATE_LIMIT_PER_MINUTE", "10", whole(1, "must be a whole number of at least 1")],
  /** Seconds between a server's checks for a publish and for due schedules (CONTENT_CHECK_SECONDS, default 1). */
  contentCheckSeconds: [
    "CONTENT_CHECK_SECONDS",
    "1",
    between(0.1, 3600, "must be a number of seconds from 0.1 to 3600"),
  ],
  confirmationMailsPerDomainPerHour: [
    "CONFIRMATION_MAILS_PER_DOMAIN_PER_HOUR",
    String(defaultConfirmationLimits.perDomainPerHour),
    positive("mails"),
  ],
  confirmationMailsPerHour: [
    "CONFIRMATION_MAILS_PER_HOUR",
    String(defaultConfirmationLimits.perHour),
    positive("mails"),
  ],
  challengeFromBudgetPercent: [
    "CHALLENGE_FROM_BUDGET_PERCENT",
    String(defaultChallengeSettings.budgetPercent),
    whole(0, "must be a whole percentage from 0 to 100", 100),
  ],
  signupsPerNetworkPerHour: [
    "SIGNUPS_PER_NETWORK_PER_HOUR",
    String(defaultChallengeSettings.signupsPerNetworkPerHour),
    positive("sign-ups"),
  ],
  questionsPerNetworkPerHour: [
    "QUESTIONS_PER_NETWORK_PER_HOUR",
    String(defaultChallengeSettings.questionsPerNetworkPerHour),
    positive("questions"),
  ],
  challengeMaxNumber: [
    "CHALLENGE_MAX_NUMBER",
    String(defaultChallengeSettings.maxNumber),
    whole(1, "must be a whole number from 1 to 10000000", 10_000_000),
  ],
  /** Origins besides the site's own that may call the API from a browser (ALLOWED_ORIGINS, comma-separated). */
  allowedOrigins: [
    "ALLOWED_ORIGINS",
    "",
    list(
      /^https?:\/\/[^/\s]+$/,
      (origin) => `must list origins such as https://www.example.com (got ${JSON.stringify(origin)})`,
    ),
  ],
  /** Key for the newsletter's signed links; empty: made once, kept in the shared database or the data folder. */
  newsletterSecret: [
    "NEWSLETTER_SECRET",
    "",
    v.pipe(
      v.string(),
      v.check(
        (secret) => !secret || Buffer.byteLength(secret) >= minSecretBytes,
        `must be at least ${minSecretBytes} bytes long (make one with: openssl rand -base64 32)`,
      ),
    ),
    "secret",
  ],
  /** Requests per minute per IP for the RUM pixel and the analytics collector, each. */
  measureRateLimit: ["MEASURE_RATE_LIMIT", "600", positive("requests per minute")],
  /** Measurement rows (pixel and collector together) one address may add per UTC day (MEASURE_DAILY_ROWS). */
  measureDailyRows: ["MEASURE_DAILY_ROWS", "5000", positive("rows per address and day")],
  /** Bytes of measurement rows one address may add per UTC day (MEASURE_DAILY_BYTES). */
  measureDailyBytes: ["MEASURE_DAILY_BYTES", "2000000", positive("bytes per address and day")],
  /** Measurement rows older than this many days are deleted (MEASURE_RETENTION_DAYS, default 395: 13 months). */
  measureRetentionDays: ["MEASURE_RETENTION_DAYS", "395", positive("days")],
  /** Milliseconds one usage report may take before it is given up with a 503 (USAGE_REPORT_BUDGET_MS). */
  usageReportBudgetMs: ["USAGE_REPORT_BUDGET_MS", "10000", positive("milliseconds")],
  /** Milliseconds a client has to send a whole request, headers and body; a stalled upload is answered 408. */
  requestTimeoutMs: ["REQUEST_TIMEOUT_MS", "10000", whole(100, "must be a whole number of milliseconds, at least 100")],
  /** Open connections per client address; more are closed at once (CONNECTIONS_PER_ADDRESS, 0: no cap). */
  connectionsPerAddress: [
    "CONNECTIONS_PER_ADDRESS",
    "100",
    whole(0, "must be a whole number of connections (0: no cap)"),
  ],
  /** Milliseconds a write waits, off the event loop, for SQLite's lock held by another process before a 503. */
  databaseLockWaitMs: [
    "DATABASE_LOCK_WAIT_MS",
    "2000",
    whole(0, "must be a whole number of milliseconds (0: no wait)"),
  ],
  /** Free space DATA_DIR's disk must have for /healthz to say ok, in MB (MIN_FREE_DISK_MB, default 64). */
  minFreeDiskMb: ["MIN_FREE_DISK_MB", "64", whole(0, "must be a whole number of megabytes (0: no minimum)")],
  /** A console session unused this long ends (CONSOLE_IDLE_MINUTES, default 480: 8 h). */
  consoleIdleMinutes: [
    "CONSOLE_IDLE_MINUTES",
    "480",
    whole(1, "must be a whole number of minutes from 1 to 10080", 7 * 24 * 60),
  ],
  /** A console session ends this long after its sign-in, used or not (CONSOLE_SESSION_DAYS, default 7). */
  consoleSessionDays: ["CONSOLE_SESSION_DAYS", "7", whole(1, "must be a whole number of days from 1 to 90", 90)],
  /** Console audit log entries older than this many days are deleted (CONSOLE_AUDIT_DAYS, default 400). */
  consoleAuditDays: ["CONSOLE_AUDIT_DAYS", "400", whole(1, "must be a whole number of days from 1 to 3650", 3650)],
  /** The largest image file the console takes, in bytes (UPLOAD_MAX_BYTES, default 5 MB); larger is a 413. */
  uploadMaxBytes: [
    "UPLOAD_MAX_BYTES",
    String(5 * 1024 * 1024),
    whole(1024, "must be a whole number of bytes from 1024 to 104857600 (100 MB)", 100 * 1024 * 1024),
  ],
  /** Bearer token that opens GET /metrics (METRICS_TOKEN, at least 32 bytes); empty: /metrics is not served. */
  metricsToken: [
    "METRICS_TOKEN",
    "",
    v.pipe(
      v.string(),
      v.check(
        (token) => !token || (Buffer.byteLength(token) >= minSecretBytes && /^[\x21-\x7e]+$/.test(token)),
        `must be at least ${minSecretBytes} bytes of visible characters (make one with: openssl rand -hex 32)`,
      ),
    ),
    "secret",
  ],
  /** Proxies whose X-Forwarded-For is believed; none by default, or a client could dodge the per-IP limits. */
  trustProxy: [
    "TRUST_PROXY",
    "",
    list(/^\S+$/, (entry) => `must list addresses, CIDRs or loopback (got ${JSON.stringify(entry)})`),
  ],
} as const satisfies Record<
  string,
  readonly [string, string | undefined, v.GenericSchema<string | undefined, unknown>, "secret"?]
>;

type Table = typeof settings;
type Values = { -readonly [K in keyof Table]: v.InferOutput<Table[K][2]> };

/** The table's settings (each documented on its row) and the settings made of several variables. */
export type ServerConfig = ReturnType<typeof loadServerConfig>;

/** Reads every row of the table; a bad value adds "NAME must … (got …)" to `problems`. */
function readTable(
  env: Record<string, string | undefined>,
  problems: string[],
  only?: readonly (keyof Table)[],
): Values {
  const values: Partial<Record<keyof Table, unknown>> = {};
  for (const [key, row] of Object.entries(settings) as [keyof Table, Table[keyof Table]][]) {
    if (only && !only.includes(key)) continue;
    const [name, fallback, schema] = row;
    const raw = env[name] ?? fallback;
    const result = v.safeParse(schema as v.GenericSchema<string | undefined, unknown>, raw);
    if (result.success) values[key] = result.output;
    else {
      const message = result.issues[0].message;
      // A list names its own bad entry; a secret is never echoed.
      const got = /\(got /.test(message)
        ? ""
        : row[3] === "secret"
          ? ` (got a value of ${raw?.length ?? 0} characters)`
          : ` (got ${JSON.stringify(env[name])})`;
      problems.push(`${name} ${message}${got}`);
    }
  }
  return values as Values;
}

/** Where the data is, for the commands (npm run users, leads…): the server's own rows, and no other setting. */
export function loadStorageConfig(
  env: Record<string, string | undefined> = process.env,
): Pick<Values, "dataDir" | "databaseUrl"> {
  const problems: string[] = [];
  const { dataDir, databaseUrl } = readTable(env, problems, ["dataDir", "databaseUrl"]);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  - ${problems.join("\n  - ")}`);
  return { dataDir, databaseUrl };
}

export function loadServerConfig(env: Record<string, string | undefined> = process.env) {
  const problems: string[] = [];
  const {
    confirmationMailsPerDomainPerHour,
    confirmationMailsPerHour,
    challengeFromBudgetPercent,
    signupsPerNetworkPerHour,
    questionsPerNetworkPerHour,
    challengeMaxNumber,
    ...values
  } = readTable(env, problems);
  const webhooks = readWebhooks(env, problems);
  const crm = readCrm(env, problems);
  const dkim = readDkim(env, problems);
  let site: SiteConfig | undefined;
  try {
    site = loadSiteConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.message.split("\n  - ").slice(1));
  }
  const cdnPurge = site ? readCdnPurge(env, site.siteUrl, problems) : undefined;
  if (problems.length || !site) throw new ConfigError(`Invalid server configuration:\n  - ${problems.join("\n  - ")}`);
  const defaultFrom = `${site.brand} <no-reply@${new URL(site.siteUrl).hostname.replace(/^www\./, "")}>`;
  return {
    ...values,
    mailFrom: values.mailFrom || defaultFrom,
    newsletterFrom: values.newsletterFrom || values.mailFrom || defaultFrom,
    digestTo: values.digestTo ?? site.salesEmail,
    confirmationLimits: { perDomainPerHour: confirmationMailsPerDomainPerHour, perHour: confirmationMailsPerHour },
    challenge: {
      budgetPercent: challengeFromBudgetPercent,
      signupsPerNetworkPerHour,
      questionsPerNetworkPerHour,
      maxNumber: challengeMaxNumber,
    },
    webhooks,
    crm,
    cdnPurge,
    dkim,
    site,
    trustProxy: values.trustProxy.length > 0 && values.trustProxy,
  };
}
