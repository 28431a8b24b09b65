/**
 * Where a visit came from, as the browser reads it at landing and the collector carries it on
 * the visit's first page view: the referring site reduced to its host (never its path or
 * query), and the landing URL's campaign parameters. Pure, for the browser and the server.
 */
import { holdsPersonalData, plainForm } from "./personal-data.ts";

/** The campaign parameters read from a landing URL, in the order reports show them. */
export const campaignParams = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "ref"] as const;
export type CampaignParam = (typeof campaignParams)[number];

/** What a landing page view carries: each value length-limited, without control characters, e-mail addresses, phone numbers or tokens. */
export type LandingSource = Partial<Record<CampaignParam | "referrer", string>>;

/** Longest value kept for a campaign parameter; a host is at most 253 characters (RFC 1035). */
export const maxCampaignLength = 100;
export const maxHostLength = 253;

/** A host name as it may be stored: letters, digits, dots and dashes (punycode for others). */
export const hostPattern = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/;

/** Control characters (C0, DEL, C1), format characters (bidi overrides, zero-width) removed, spaces collapsed, cut to `max`. */
export function cleanCampaignValue(value: string, max = maxCampaignLength): string {
  return value
    .replace(/\s+/g, " ")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .slice(0, max)
    .trim();
}

// A stretch of 32 or more characters of the hex, base64(url) and JWT alphabets, without spaces.
const tokenRun = /[A-Za-z0-9+/=_.~-]{32,}/g;
// A word of a readable slug ("spring", "Sale", "SF", "2024", "v2", "2nd"); a token's parts mix cases and digits.
const readableWord = /^(?:[A-Z]?[a-z]+|[A-Z]+)?\d*$|^\d+[a-z]{0,2}$/;
const isReadableSlug = (run: string) =>
  run.split(/[-_.+/=~]+/).every((word) => word.length <= 20 && readableWord.test(word));

/**
 * Whether a campaign value holds an e-mail address or a phone number in any spelling
 * (personal-data.ts), or an opaque token (a hashed address, a session or user id): mailing
 * tools put them in ref and utm_*, and stored they would show a visitor's identity to everyone
 * who reads the reports. Long readable slugs are kept.
 */
export function isPersonalOrToken(value: string): boolean {
  if (holdsPersonalData(value)) return true;
  const plain = plainForm(value) ?? value;
  return (plain.match(tokenRun) ?? []).some((run) => !isReadableSlug(run));
}

/** A campaign parameter's value as kept: cleaned and cut, or "" when the whole value is personal or a token. */
export function keptCampaignValue(value: string, max = maxCampaignLength): string {
  const cleaned = cleanCampaignValue(value, Infinity);
  return isPersonalOrToken(cleaned) ? "" : cleaned.slice(0, max).trim();
}

/** The referring site's host in lower case; undefined for none, the site's own host or a referrer that is not http(s). */
export function referrerHost(referrer: string, ownHost: string): string | undefined {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!hostPattern.test(host) || host === ownHost.toLowerCase().replace(/:\d+$/, "")) return undefined;
  return host;
}

/** The source of a landing: `href` is the landing URL, `referrer` document.referrer, `ownHost` the site's host. */
export function landingSource(href: string, referrer: string, ownHost: string): LandingSource {
  const source: LandingSource = {};
  const host = referrerHost(referrer, ownHost);
  if (host) source.referrer = host;
  let params: URLSearchParams;
  try {
    params = new URL(href).searchParams;
  } catch {
    return source;
  }
  for (const name of campaignParams) {
    const value = params.get(name);
    const cleaned = value === null ? "" : keptCampaignValue(value);
    if (cleaned) source[name] = cleaned;
  }
  return source;
}

/**
 * A landing source as the server keeps it (whatever a client sent): hosts that are not host
 * names dropped, campaign values cleaned and cut as the browser does, empty ones and those that
 * hold an e-mail address or a token dropped.
 */
export function cleanLandingSource(raw: Record<string, unknown>): LandingSource {
  const source: LandingSource = {};
  const host = typeof raw.referrer === "string" ? raw.referrer.toLowerCase() : "";
  if (hostPattern.test(host)) source.referrer = host;
  for (const name of campaignParams) {
    const value = raw[name];
    const cleaned = typeof value === "string" ? keptCampaignValue(value) : "";
    if (cleaned) source[name] = cleaned;
  }
  return source;
}
