/**
 * The site's identity and external services: every name, address, URL and ID in one place.
 * Defaults are the placeholder identity of docs/requirements.md ("Identity"); each value can be
 * overridden by the environment variable named beside it. `loadSiteConfig` validates the
 * environment and throws one error naming every bad variable, so a typo fails the build or
 * the server's start-up instead of shipping a broken link.
 *
 * Pure TypeScript: imported by the browser bundle (values baked in at build time through
 * Vite's `define`), by the build scripts and by the server.
 */
import * as v from "valibot";
import { withoutTrailingSlash } from "./paths.ts";
import { parseVideoIds } from "./video-ids.ts";

/** Where each setting comes from: environment variable → default. */
const settings = {
  siteUrl: ["SITE_URL", "https://www.tallyway.example", "url"],
  brand: ["SITE_BRAND", "Tallyway", "text"],
  company: ["COMPANY_NAME", "Tallyway Inc.", "text"],
  productName: ["PRODUCT_NAME", "Tallyway Time + Expense", "text"],
  productSlug: ["PRODUCT_SLUG", "Tallyway", "slug"],
  proProductName: ["PRO_PRODUCT_NAME", "Tallyway TE Pro", "text"],
  siblingAppName: ["SIBLING_APP_NAME", "Tallyway Track", "text"],
  siblingAppUrl: ["SIBLING_APP_URL", "https://track.tallyway.example", "url"],
  platformName: ["PLATFORM_NAME", "Salesforce", "text"],
  salesEmail: ["SALES_EMAIL", "sales@tallyway.example", "email"],
  supportEmail: ["SUPPORT_EMAIL", "support@tallyway.example", "email"],
  /** Where researchers report vulnerabilities: the Security page and /.well-known/security.txt (RFC 9116). */
  securityEmail: ["SECURITY_EMAIL", "security@tallyway.example", "email"],
  phone: ["PHONE", "+1 555 010 0199", "phone"],
  street: ["ADDRESS_STREET", "100 Example Street, Suite 200", "text"],
  city: ["ADDRESS_CITY", "Springfield", "text"],
  country: ["ADDRESS_COUNTRY", "USA", "text"],
  foundedYear: ["FOUNDED_YEAR", "2012", "year"],
  twitterSite: ["TWITTER_SITE", "@tallyway", "text"],
  fbAppId: ["FB_APP_ID", "", "optional-text"],
  /** Base address of the server the forms call (requirements §3); empty means same origin. */
  serverBase: ["SERVER_BASE_URL", "", "optional-url"],
  /** Host of the RUM pixel (requirements §7); empty means same origin. */
  rumHost: ["RUM_HOST", "", "optional-url"],
  rumSite: ["RUM_SITE", "tallyway", "slug"],
  /** Google Analytics 4 is loaded only when this is set. */
  gaMeasurementId: ["GA_MEASUREMENT_ID", "", "optional-text"],
  /** Image hosting service for assets/ paths (requirements §7); empty serves images locally. */
  imageHost: ["IMAGE_HOST", "", "optional-url"],
  videoHost: ["VIDEO_HOST", "https://www.youtube-nocookie.com", "url"],
  videoWatchUrl: ["VIDEO_WATCH_URL", "https://www.youtube.com/watch", "url"],
  /**
   * Thumbnail host of the video service (host/videoId/resolution+file, requirements §7), e.g.
   * https://i.ytimg.com/vi. Empty shows our own poster instead: no request leaves the site
   * until a visitor presses play (our demo video ids are placeholders the service does not know).
   */
  videoThumbHost: ["VIDEO_THUMB_HOST", "", "optional-url"],
  /** The video service's player API script, loaded only when a visitor starts a video. */
  videoApiUrl: ["VIDEO_API_URL", "https://www.youtube.com/iframe_api", "url"],
  videoServiceName: ["VIDEO_SERVICE_NAME", "YouTube", "text"],
  /** The recorded videos' ids at the service, `tour=abc123,timesheet=def456` (common/video-ids.ts); unset: placeholders. */
  videoIds: ["VIDEO_IDS", "", "video-ids"],
  schedulerUrl: ["SCHEDULER_URL", "https://schedule.tallyway.example/book", "url"],
  slidesUrl: ["SLIDES_URL", "https://slides.tallyway.example/embed/product-tour", "url"],
  docsUrl: ["DOCS_URL", "https://docs.tallyway.example", "url"],
  marketplaceUrl: ["MARKETPLACE_URL", "https://marketplace.tallyway.example/listing/tallyway", "url"],
  installInfoUrl: ["INSTALL_INFO_URL", "https://docs.tallyway.example/install", "url"],
  /**
   * The listing's rating as the marketplace shows it ("4.8", out of 5) and its number of reviews: shown
   * beside the install buttons and in the structured data only when both are set. Never made up.
   */
  marketplaceRating: ["MARKETPLACE_RATING", "", "optional-rating"],
  marketplaceReviews: ["MARKETPLACE_REVIEWS", "", "optional-count"],
  mailingList: ["MAILING_LIST", "tallyway.example", "text"],
  contactSubject: ["CONTACT_SUBJECT", "Tallyway website enquiry", "text"],
} as const satisfies Record<string, readonly [string, string, Kind]>;

type Kind =
  | "url"
  | "optional-url"
  | "text"
  | "optional-text"
  | "optional-rating"
  | "optional-count"
  | "email"
  | "phone"
  | "slug"
  | "year"
  | "video-ids";
type Key = keyof typeof settings;
export type SiteConfig = { readonly [K in Key]: string };

const kinds: Record<Kind, v.GenericSchema<string, string>> = {
  url: v.pipe(
    v.string(),
    v.url("must be an absolute URL such as https://example.com"),
    v.regex(/^https?:\/\//, "must start with http:// or https://"),
  ),
  "optional-url": v.union(
    [
      v.literal(""),
      v.pipe(
        v.string(),
        v.url("must be empty or an absolute URL"),
        v.regex(/^https?:\/\//, "must start with http:// or https://"),
      ),
    ],
    "must be empty or an absolute http(s) URL",
  ),
  text: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, "must not be empty"),
    v.maxLength(200, "must be at most 200 characters"),
  ),
  "optional-text": v.pipe(v.string(), v.trim(), v.maxLength(200, "must be at most 200 characters")),
  "optional-rating": v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (text) => text === "" || (/^\d(\.\d{1,2})?$/.test(text) && Number(text) >= 1 && Number(text) <= 5),
      "must be empty or a rating from 1 to 5, such as 4.8",
    ),
  ),
  "optional-count": v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^$|^[1-9]\d{0,6}$/, "must be empty or a whole number of reviews, such as 37"),
  ),
  email: v.pipe(v.string(), v.email("must be an e-mail address")),
  phone: v.pipe(v.string(), v.regex(/^\+?[0-9 ()-]{7,20}$/, "must be a phone number such as +1 555 010 0199")),
  slug: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, "must be 1-40 letters, digits, '-' or '_'")),
  year: v.pipe(v.string(), v.regex(/^(19|20)\d\d$/, "must be a four-digit year")),
  "video-ids": v.pipe(
    v.string(),
    v.trim(),
    v.check((text) => !parseVideoIds(text).problem, "must be name=id pairs separated by commas, e.g. tour=abc123"),
  ),
};

/** The environment variable a site setting is read from: `siteVariable("street")` is "ADDRESS_STREET". */
export const siteVariable = (key: keyof SiteConfig): string => settings[key][0];

/** Every setting's name, as content's {{placeholders}} spell them (common/placeholders.ts). */
export const siteSettingNames = Object.keys(settings) as readonly (keyof SiteConfig)[];

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the configuration; throws a ConfigError naming every bad variable. */
export function loadSiteConfig(env: Record<string, string | undefined> = {}): SiteConfig {
  const config: Partial<Record<Key, string>> = {};
  const problems: string[] = [];
  for (const [key, [name, fallback, kind]] of Object.entries(settings) as [Key, (typeof settings)[Key]][]) {
    const raw = env[name] ?? fallback;
    const result = v.safeParse(kinds[kind], raw);
    if (result.success) config[key] = stripTrailingSlash(result.output, kind);
    else problems.push(`${name} ${result.issues[0].message} (got ${JSON.stringify(raw)})`);
  }
  // A rating without its number of reviews tells a buyer nothing (and is no valid structured data).
  if (!problems.length && !config.marketplaceRating !== !config.marketplaceReviews)
    problems.push("MARKETPLACE_RATING and MARKETPLACE_REVIEWS must be set together, or neither");
  if (problems.length) throw new ConfigError(`Invalid site configuration:\n  - ${problems.join("\n  - ")}`);
  return config as SiteConfig;
}

const stripTrailingSlash = (value: string, kind: Kind) => (kind.endsWith("url") ? withoutTrailingSlash(value) : value);
