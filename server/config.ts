/**
 * The server's configuration: the site identity (common/site.ts) plus what only the server
 * needs. Read from the environment once at start-up; a bad value stops the start with a
 * message naming the variable.
 */
import path from "node:path";
import { ConfigError, loadSiteConfig, type SiteConfig } from "../common/site.ts";

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
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.com:587; empty writes .eml files. */
  smtpUrl: string;
  /** Sender of outgoing mail; default "<brand> <no-reply@site host>". */
  mailFrom: string;
  /** Requests per minute and IP to each lead endpoint (RATE_LIMIT_PER_MINUTE). */
  rateLimitPerMinute: number;
  /** Origins besides the site's own that may call the API from a browser (ALLOWED_ORIGINS, comma-separated). */
  allowedOrigins: string[];
  /** Key for the newsletter's signed links; empty: generated once and kept in the data folder. */
  newsletterSecret: string;
  /** Requests per minute per IP for the RUM pixel and the analytics collector, each. */
  measureRateLimit: number;
  site: SiteConfig;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses, CIDRs or "loopback"); none by
   * default, so a client cannot dodge the per-IP rate limits by sending the header itself.
   */
  trustProxy: string[] | false;
}

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
  if (newsletterSecret && newsletterSecret.length < 16) problems.push("NEWSLETTER_SECRET must be at least 16 characters long");
  const mailFrom = env.MAIL_FROM ?? "";
  if (/[\r\n]/.test(mailFrom)) problems.push("MAIL_FROM must be one line");
  const measureRateLimit = Number(env.MEASURE_RATE_LIMIT ?? "600");
  if (!Number.isInteger(measureRateLimit) || measureRateLimit < 1)
    problems.push(`MEASURE_RATE_LIMIT must be a positive whole number of requests per minute (got ${JSON.stringify(env.MEASURE_RATE_LIMIT)})`);
  let site: SiteConfig | undefined;
  try {
    site = loadSiteConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.message.split("\n  - ").slice(1));
  }
  if (problems.length || !site) throw new ConfigError(`Invalid server configuration:\n  - ${problems.join("\n  - ")}`);
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    buildDir: path.resolve(env.BUILD_DIR ?? "build/client"),
    dataDir: path.resolve(env.DATA_DIR ?? "data"),
    smtpUrl,
    mailFrom: mailFrom || `${site.brand} <no-reply@${new URL(site.siteUrl).hostname.replace(/^www\./, "")}>`,
    rateLimitPerMinute,
    allowedOrigins,
    newsletterSecret,
    measureRateLimit,
    site,
    trustProxy: env.TRUST_PROXY
      ? env.TRUST_PROXY.split(",")
          .map((entry) => entry.trim())
          .filter(Boolean)
      : false,
  };
}
