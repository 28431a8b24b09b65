/** The settings of several variables, each with its reader; a bad value adds "NAME must …" to `problems`. */
import { readFileSync } from "node:fs";
import { ConfigError, loadSiteConfig } from "#common/site.ts";
import type { CdnPurge } from "./content/purge.ts";
import type { CrmSink, WebhookEndpoint } from "./outbox/handoff.ts";
import { webhookSecretPattern } from "./outbox/http.ts";

/** What signs outgoing mail (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY). */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** Why an endpoint's URL or its Standard Webhooks secret will not do; undefined when both will. */
function endpointProblem(urlName: string, url: string, secretName: string, secret: string): string | undefined {
  if (!/^https?:\/\/\S+$/.test(url)) return `${urlName} must be an http(s) URL (got ${JSON.stringify(url)})`;
  if (!webhookSecretPattern.test(secret))
    return `${secretName} must be "whsec_" followed by a base64 key of at least 16 bytes (openssl rand -base64 32)`;
}

/** WEBHOOK_URL with WEBHOOK_SECRET, then WEBHOOK_URL_2 with WEBHOOK_SECRET_2 and so on. */
export function readWebhooks(env: Record<string, string | undefined>, problems: string[]): WebhookEndpoint[] {
  const webhooks: WebhookEndpoint[] = [];
  const suffixes = Object.keys(env)
    .map(
      (name) =>
        /^WEBHOOK_(?:URL|SECRET)(_\d+)?$/.exec(name)?.[1] ?? (/^WEBHOOK_(?:URL|SECRET)$/.test(name) ? "" : undefined),
    )
    .filter((suffix): suffix is string => suffix !== undefined);
  for (const suffix of [...new Set(suffixes)].sort((a, b) => Number(a.slice(1) || 1) - Number(b.slice(1) || 1))) {
    const url = env[`WEBHOOK_URL${suffix}`] ?? "";
    const secret = env[`WEBHOOK_SECRET${suffix}`] ?? "";
    if (!url && !secret) continue;
    const problem = endpointProblem(`WEBHOOK_URL${suffix}`, url, `WEBHOOK_SECRET${suffix}`, secret);
    if (problem) problems.push(problem);
    else webhooks.push({ url, secret });
  }
  return webhooks;
}

/** CRM_WEB_TO_LEAD_URL with CRM_ORG_ID (and CRM_LEAD_SOURCE, default Web). */
export function readCrm(env: Record<string, string | undefined>, problems: string[]): CrmSink | undefined {
  if (!env.CRM_WEB_TO_LEAD_URL) return undefined;
  if (!/^https?:\/\/\S+$/.test(env.CRM_WEB_TO_LEAD_URL)) problems.push("CRM_WEB_TO_LEAD_URL must be an http(s) URL");
  else if (!env.CRM_ORG_ID)
    problems.push("CRM_ORG_ID must be set with CRM_WEB_TO_LEAD_URL (the CRM's organisation id)");
  else return { url: env.CRM_WEB_TO_LEAD_URL, orgId: env.CRM_ORG_ID, leadSource: env.CRM_LEAD_SOURCE || "Web" };
  return undefined;
}

/** CDN_PURGE_URL with CDN_PURGE_SECRET (Standard Webhooks), and CDN_PURGE_DELAY_SECONDS (default 5). */
export function readCdnPurge(
  env: Record<string, string | undefined>,
  siteUrl: string,
  problems: string[],
): CdnPurge | undefined {
  const url = env.CDN_PURGE_URL ?? "";
  const secret = env.CDN_PURGE_SECRET ?? "";
  if (!url && !secret) return undefined;
  const delayText = env.CDN_PURGE_DELAY_SECONDS ?? "5";
  const delaySeconds = Number(delayText);
  const problem = endpointProblem("CDN_PURGE_URL", url, "CDN_PURGE_SECRET", secret);
  if (problem) problems.push(problem);
  else if (!/^\d+(\.\d+)?$/.test(delayText) || delaySeconds > 3600)
    problems.push(
      `CDN_PURGE_DELAY_SECONDS must be a number of seconds from 0 to 3600 (got ${JSON.stringify(delayText)})`,
    );
  else return { url, secret, delaySeconds, siteUrl };
  return undefined;
}

/** The CDN purge alone, for the content command, which publishes too (npm run content). */
export function loadCdnPurgeConfig(env: Record<string, string | undefined> = process.env): CdnPurge | undefined {
  const problems: string[] = [];
  const purge = readCdnPurge(env, loadSiteConfig(env).siteUrl, problems);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  - ${problems.join("\n  - ")}`);
  return purge;
}

/** DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE), all or none. */
export function readDkim(env: Record<string, string | undefined>, problems: string[]): DkimKey | undefined {
  if (!(env.DKIM_DOMAIN || env.DKIM_SELECTOR || env.DKIM_PRIVATE_KEY || env.DKIM_PRIVATE_KEY_FILE)) return undefined;
  let privateKey = env.DKIM_PRIVATE_KEY ?? "";
  if (!privateKey && env.DKIM_PRIVATE_KEY_FILE)
    try {
      privateKey = readFileSync(env.DKIM_PRIVATE_KEY_FILE, "utf8");
    } catch {
      problems.push(`DKIM_PRIVATE_KEY_FILE cannot be read (${JSON.stringify(env.DKIM_PRIVATE_KEY_FILE)})`);
    }
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !privateKey)
    problems.push(
      "DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) together",
    );
  else if (!/-----BEGIN (RSA )?PRIVATE KEY-----/.test(privateKey))
    problems.push("DKIM_PRIVATE_KEY must be a PEM private key (npm run -s dkim -- keygen writes one)");
  else
    return {
      domainName: env.DKIM_DOMAIN,
      keySelector: env.DKIM_SELECTOR,
      privateKey: privateKey.replace(/\\n/g, "\n"),
    };
  return undefined;
}
