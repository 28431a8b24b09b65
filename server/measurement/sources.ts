/**
 * A visit's source under a readable name: the campaign's utm_source (or ref) when the landing
 * URL has one, else the referring host, with search engines and well-known social sites
 * grouped ("www.google.de" and "google.com" are both "Google"), else "Direct".
 */
import type { LandingSource } from "#common/attribution.ts";

export type SourceKind = "campaign" | "paid" | "search" | "social" | "forum" | "news" | "referral" | "direct";
/** The kinds a well-known site can be (a referrer host of its own); the others come from tags or their absence. */
type SiteKind = "search" | "social" | "forum" | "news";

export interface VisitSource {
  /** Readable: "Google", "LinkedIn", "newsletter", "partner.example", "Direct". */
  source: string;
  kind: SourceKind;
  medium: string | null;
  campaign: string | null;
}

export const directSource = "Direct";

/** utm_medium values of paid traffic (ads), compared in lower case: such a visit's source is "<source> (paid)". */
export const paidMediums = [
  "cpc",
  "ppc",
  "paid",
  "paidsearch",
  "paid-search",
  "paid_search",
  "paid-social",
  "paid_social",
];
export const paidSuffix = " (paid)";

/** Host suffixes (a host is the suffix or ends with "." + it) and what they are called; "google.*" is any Google country domain. */
export const knownSites: [hosts: string[], name: string, kind: SiteKind][] = [
  [["google.*"], "Google", "search"],
  [["bing.com"], "Bing", "search"],
  [["duckduckgo.com"], "DuckDuckGo", "search"],
  [["yahoo.com", "search.yahoo.co.jp"], "Yahoo", "search"],
  [["yandex.*", "ya.ru"], "Yandex", "search"],
  [["baidu.com"], "Baidu", "search"],
  [["ecosia.org"], "Ecosia", "search"],
  [["search.brave.com"], "Brave Search", "search"],
  [["startpage.com"], "Startpage", "search"],
  [["qwant.com"], "Qwant", "search"],
  [["kagi.com"], "Kagi", "search"],
  [["chatgpt.com", "chat.openai.com"], "ChatGPT", "search"],
  [["perplexity.ai"], "Perplexity", "search"],
  [["facebook.com", "fb.com", "fb.me"], "Facebook", "social"],
  [["linkedin.com", "lnkd.in"], "LinkedIn", "social"],
  [["twitter.com", "x.com", "t.co"], "X (Twitter)", "social"],
  [["instagram.com"], "Instagram", "social"],
  [["youtube.com", "youtu.be"], "YouTube", "social"],
  [["reddit.com"], "Reddit", "forum"],
  [["news.ycombinator.com"], "Hacker News", "forum"],
  [["lobste.rs"], "Lobsters", "forum"],
  [["stackoverflow.com", "stackexchange.com"], "Stack Overflow", "forum"],
  [["quora.com"], "Quora", "forum"],
  // news.google.com is a news reader, not Google's search: knownSite takes the most specific host.
  [["news.google.com"], "Google News", "news"],
  [["flipboard.com"], "Flipboard", "news"],
  [["techmeme.com"], "Techmeme", "news"],
  [["feedly.com"], "Feedly", "news"],
  [["pinterest.com", "pinterest.*"], "Pinterest", "social"],
  [["bsky.app"], "Bluesky", "social"],
  [["threads.net", "threads.com"], "Threads", "social"],
  [["tiktok.com"], "TikTok", "social"],
  [["xing.com"], "XING", "social"],
  [["github.com"], "GitHub", "social"],
];

const matches = (host: string, pattern: string) => {
  if (pattern.endsWith(".*")) {
    // A name followed by a country or generic top-level domain: google.de, google.co.uk.
    const name = pattern.slice(0, -2);
    return new RegExp(`(^|\\.)${name.replace(/\./g, "\\.")}\\.(?:[a-z]{2,3})(?:\\.[a-z]{2})?$`).test(host);
  }
  return host === pattern || host.endsWith(`.${pattern}`);
};

/** The well-known site a host belongs to, if any: the one whose host pattern is the most specific. */
export function knownSite(host: string): { name: string; kind: SiteKind } | undefined {
  let found: { name: string; kind: SiteKind; pattern: string } | undefined;
  for (const [hosts, name, kind] of knownSites)
    for (const pattern of hosts)
      if (matches(host, pattern) && pattern.length > (found?.pattern.length ?? 0)) found = { name, kind, pattern };
  return found && { name: found.name, kind: found.kind };
}

/** A utm_source that names a well-known site ("google", "LinkedIn", "fb") by its readable name; others as given. */
function campaignSourceName(value: string): string {
  const key = value.toLowerCase().replace(/\s+/g, "");
  const named = knownSites.find(
    ([hosts, name]) => name.toLowerCase() === key || hosts.some((h) => h.split(".")[0] === key),
  );
  return named ? named[1] : value;
}

/** The source of a visit from its landing page view's source (none: a direct visit). */
export function sourceOf(landing: LandingSource | null | undefined): VisitSource {
  const found = unpaidSourceOf(landing);
  // Ads apart from what they look like unpaid (organic search, a post): "Google (paid)" beside "Google".
  const paid = found.medium !== null && paidMediums.includes(found.medium.toLowerCase());
  return paid && found.source !== directSource
    ? { ...found, source: `${found.source}${paidSuffix}`, kind: "paid" }
    : found;
}

function unpaidSourceOf(landing: LandingSource | null | undefined): VisitSource {
  const medium = landing?.utm_medium ?? null;
  const campaign = landing?.utm_campaign ?? null;
  const tagged = landing?.utm_source ?? landing?.ref;
  if (tagged) return { source: campaignSourceName(tagged), kind: "campaign", medium, campaign };
  if (landing?.referrer) {
    const site = knownSite(landing.referrer);
    if (site) return { source: site.name, kind: site.kind, medium, campaign };
    return { source: landing.referrer.replace(/^www\./, ""), kind: "referral", medium, campaign };
  }
  return { source: directSource, kind: campaign ? "campaign" : "direct", medium, campaign };
}
