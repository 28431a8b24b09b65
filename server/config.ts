/**
 * The server's configuration: the site identity (common/site.ts) plus what only the server
 * needs. Read from the environment once at start-up; a bad value stops the start with a
 * message naming the variable.
 */
import path from "node:path";
import { ConfigError, loadSiteConfig, type SiteConfig } from "../common/site.ts";

export interface ServerConfig {
  port: number;
  host: string;
  /** The prerendered site: build/client. */
  buildDir: string;
  /** Where the SQLite database and the mail folder live. */
  dataDir: string;
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.com:587; empty writes .eml files. */
  smtpUrl: string;
  /** Requests per minute per IP for the RUM pixel and the analytics collector, each. */
  measureRateLimit: number;
  site: SiteConfig;
}

export function loadServerConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const problems: string[] = [];
  const port = Number(env.PORT ?? "3000");
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a port number 0-65535 (got ${JSON.stringify(env.PORT)})`);
  const smtpUrl = env.SMTP_URL ?? "";
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl))
    problems.push(`SMTP_URL must start with smtp:// or smtps:// (got a value of ${smtpUrl.length} characters)`);
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
    measureRateLimit,
    site,
  };
}
