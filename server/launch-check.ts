/**
 * What would ship as a placeholder (issue #34): the example identity, placeholder video ids, a development
 * newsletter key, mail not sent or not signed; and the slots only the company can fill, still empty (#43).
 */
import path from "node:path";
import { keyTitle, slotPlaces, type SlotKey } from "#common/content-keys.ts";
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

/** A slot only the company can fill, still empty: the site shows nothing there until it is filled. */
export interface EmptySlot {
  /** What it is, and where to fill it: a key of the console's content, or settings. */
  slot: string;
  /** What a visitor misses meanwhile. */
  meanwhile: string;
  /** Where it shows once filled, in a marketer's words. */
  shown: string;
}

const rating = {
  slot: "Marketplace rating (settings MARKETPLACE_RATING and MARKETPLACE_REVIEWS)",
  meanwhile: "no rating shows",
  shown:
    "Under the marketplace button on the home page's first screen and under the Products page's heading: " +
    "the stars, the rating and the number of reviews, linked to the listing.",
};

/** A structured body with no entry (or none that reads as a list) shows nothing. */
const isEmptyList = (body: string | undefined) => {
  try {
    const entries: unknown = JSON.parse(body ?? "[]");
    return !Array.isArray(entries) || entries.length === 0;
  } catch {
    return true;
  }
};

/**
 * The slots still empty, in the order the issue lists them: proof, rating, integrations. `bodyOf` is what
 * the site shows of a content key: the published text, else its file.
 */
export function emptySlots(
  site: Pick<SiteConfig, "marketplaceRating" | "marketplaceReviews">,
  bodyOf: (key: SlotKey) => string | undefined,
): EmptySlot[] {
  const contentSlot = (key: SlotKey): EmptySlot[] => {
    if (!isEmptyList(bodyOf(key))) return [];
    const { page, name } = keyTitle(key);
    const { empty, shown } = slotPlaces[key];
    return [{ slot: `${name} (console: Content, ${page} · ${name}; key ${key})`, meanwhile: empty, shown }];
  };
  return [
    ...contentSlot("proof/logos"),
    ...contentSlot("proof/quotes"),
    ...(site.marketplaceRating && site.marketplaceReviews ? [] : [rating]),
    ...contentSlot("integrations"),
  ];
}

/** The empty slots as an operator reads them: what each is, what shows meanwhile, where it shows once filled. */
export const formatEmptySlots = (slots: readonly EmptySlot[]) =>
  slots
    .map(({ slot, meanwhile, shown }) => `  ${slot}: empty, so ${meanwhile}.\n    Where it shows: ${shown}`)
    .join("\n");
