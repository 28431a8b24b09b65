/**
 * What would ship as a placeholder (issue #34 point 7): the example identity of
 * docs/requirements.md, video ids the video service does not know, a newsletter key made by a
 * development run, mail that is not sent or not signed. `npm run launch-check` prints the list
 * and fails while any remains; a production server logs it once at start.
 */
import path from "node:path";
import { loadSiteConfig, siteVariable, type SiteConfig } from "#common/site.ts";
import { placeholderVideoIds, videoIdOf, videoNames } from "#common/video-ids.ts";
import type { ServerConfig } from "./config.ts";

export interface Placeholder {
  /** The setting to change (an environment variable). */
  setting: string;
  /** What it is now. */
  value: string;
  /** Why it would not do for a launch, in a few words. */
  why: string;
}

// RFC 2606 keeps .example (and example.com/.net/.org) for documentation: no real site or inbox uses them.
const exampleHost = /(^|[.@/])example(\.(com|net|org))?($|[/:?#])|\.example($|[/:?#])/i;
// 555-0100 to 555-0199 is the North American range kept for fiction.
const fictionalPhone = (phone: string) => /55501\d\d/.test(phone.replace(/\D/g, ""));

/** Every placeholder still in force for these settings, in the order of the settings table. */
export function placeholdersInForce(
  site: SiteConfig,
  server: Pick<ServerConfig, "newsletterSecret" | "dataDir" | "smtpUrl" | "dkim">,
  env: Record<string, string | undefined> = {},
): Placeholder[] {
  const found: Placeholder[] = [];
  const defaults = loadSiteConfig({});
  for (const key of Object.keys(site) as (keyof SiteConfig)[]) {
    const value = site[key];
    if (!value) continue;
    if (exampleHost.test(value)) found.push({ setting: siteVariable(key), value, why: "an example domain (RFC 2606)" });
    else if (key === "phone" && fictionalPhone(value))
      found.push({ setting: siteVariable(key), value, why: "a fictional 555-01xx number" });
    else if ((key === "street" || key === "city") && value === defaults[key])
      found.push({ setting: siteVariable(key), value, why: "the example address" });
  }
  const placeholders = videoNames.filter((name) => videoIdOf(site, name) === placeholderVideoIds[name]);
  if (placeholders.length)
    found.push({
      setting: "VIDEO_IDS",
      value: placeholders.map((name) => `${name}=${placeholderVideoIds[name]}`).join(","),
      why: `placeholder video ids: the video service shows "unavailable" for ${placeholders.length === 1 ? "it" : "them"}`,
    });
  if (!server.newsletterSecret && !env.DATABASE_URL && path.resolve(server.dataDir) === path.resolve("data"))
    found.push({
      setting: "NEWSLETTER_SECRET",
      value: "(made by a development run, in ./data)",
      why: "the key of every mailed link; set it, or keep the data folder of the real server",
    });
  if (!server.smtpUrl)
    found.push({
      setting: "SMTP_URL",
      value: "(not set)",
      why: "mails are written to files in the data folder, not sent",
    });
  if (!server.dkim || exampleHost.test(`@${server.dkim.domainName}`))
    found.push({
      setting: "DKIM_DOMAIN",
      value: server.dkim?.domainName ?? "(not set)",
      why: "mails go out unsigned for the real domain, and land in spam",
    });
  return found;
}

/** The list as an operator reads it: one line a placeholder. */
export const formatPlaceholders = (found: readonly Placeholder[]) =>
  found.map(({ setting, value, why }) => `  ${setting} = ${value}: ${why}`).join("\n");
