import { headPages, structuredKeys, isStructuredKey } from "./content-schemas.ts";
import { isPostKey, pagesShowingPost, slugOfPostKey, type PostKey } from "./post-keys.ts";
import { placeName, placesOf, proofPlaces } from "./proof-places.ts";

/** The content keys of requirements §2: one markdown file each under content/. */
export const contentKeys = [
  "about-home",
  "blog-home",
  "features-billing",
  "features-home",
  "features-payroll",
  "features-project",
  "features-resource",
  "features-te-item",
  "features-te-report",
  "features-time-off",
  "home-billing",
  "home-expenses",
  "home-heading",
  "home-projects",
  "home-resources",
  "home-salesforce",
  "home-text",
  "home-time-off",
  "home-time",
  "products-home",
  "solutions-home",
] as const;

export type ContentKey = (typeof contentKeys)[number];

/** The privacy policy, terms and security page: pages of their own, files under content/legal/. */
export const legalKeys = ["legal/privacy", "legal/terms", "legal/security"] as const;

/**
 * Every key an editor can publish at run time (server/content/). A key names its file under content/,
 * which serves until a version is published: "<key>.md" for markdown, "<key>.json" for the
 * structured keys of common/content-schemas.ts (pricing, FAQ, proof), whose schema is there.
 */
export const editableKeys = [...contentKeys, ...legalKeys, ...structuredKeys] as const;
/** A key of the site's pages, each with a file in content/. */
export type PageKey = (typeof editableKeys)[number];
/** Those, and the blog's posts ("post/<slug>", common/post-keys.ts), which have no file. */
export type EditableKey = PageKey | PostKey;

export const isPageKey = (key: string): key is PageKey => (editableKeys as readonly string[]).includes(key);
export const isEditableKey = (key: string): key is EditableKey => isPageKey(key) || isPostKey(key);

/**
 * The prerendered pages that show each key: what publishing it re-renders. A test renders every
 * page and checks this table against the keys its loaders read (server/content/pages.test.ts).
 */
export const pagesShowing: Readonly<Record<PageKey, readonly string[]>> = {
  "about-home": ["/about"],
  "blog-home": ["/blog"],
  "features-billing": ["/features/billing"],
  "features-home": ["/features"],
  "features-payroll": ["/features/payroll-integration"],
  "features-project": ["/features/project"],
  "features-resource": ["/features/resource"],
  "features-te-item": ["/features/time-expense-items"],
  "features-te-report": ["/features/time-expense-reports"],
  "features-time-off": ["/features/time-off"],
  "home-billing": ["/"],
  "home-expenses": ["/"],
  "home-heading": ["/"],
  "home-projects": ["/"],
  "home-resources": ["/"],
  "home-salesforce": ["/"],
  "home-text": ["/"],
  "home-time-off": ["/"],
  "home-time": ["/"],
  "products-home": ["/products"],
  "solutions-home": ["/solutions"],
  "legal/privacy": ["/privacy"],
  "legal/terms": ["/terms"],
  "legal/security": ["/security"],
  // The home page carries the apps' prices in its structured data.
  pricing: ["/", "/products"],
  "faq/products": ["/products"],
  // Each quote and logo stands on the pages it names (common/proof-places.ts): any of them may change.
  "proof/quotes": proofPlaces.map(({ path }) => path),
  "proof/logos": proofPlaces.map(({ path }) => path),
  // Its own page first: the console lists a key under the first page that shows it (keyTitle).
  integrations: ["/products", "/features/billing", "/features/payroll-integration"],
  "carousel/slides": ["/"],
  ...(Object.fromEntries(Object.entries(headPages).map(([key, page]) => [key, [page]])) as Record<
    keyof typeof headPages,
    string[]
  >),
};

/** The pages that show a key, a post's included. */
export const pagesOf = (key: EditableKey): readonly string[] =>
  isPostKey(key) ? pagesShowingPost(key) : pagesShowing[key];

/**
 * The pages a change of `key` between these texts re-renders (undefined: its file, read elsewhere): for
 * customer proof only the pages its entries stand on before or after, else every page that shows the key.
 */
export function pagesChangedBy(key: EditableKey, texts: readonly (string | undefined)[]): readonly string[] {
  if (key !== "proof/quotes" && key !== "proof/logos") return pagesOf(key);
  const placed = new Set<string>();
  for (const text of texts) {
    let entries: unknown;
    try {
      entries = text === undefined ? undefined : JSON.parse(text);
    } catch {
      entries = undefined;
    }
    if (!Array.isArray(entries)) return pagesOf(key);
    for (const entry of entries as { places?: unknown }[])
      for (const page of placesOf(typeof entry?.places === "string" ? entry.places : undefined)) placed.add(page);
  }
  return pagesOf(key).filter((page) => placed.has(page));
}

/** A key's file under content/: markdown, or JSON for a structured key. */
export const contentFileName = (key: EditableKey) => `${key}.${isStructuredKey(key) ? "json" : "md"}`;

/** The page each key belongs to in the console's list, and what an editor calls it there. */
const pageNames: Record<string, string> = {
  "/": "Home",
  "/products": "Products",
  "/features": "Features",
  "/about": "About",
  "/blog": "Blog",
  "/solutions": "Solutions",
  "/privacy": "Privacy policy",
  "/terms": "Terms",
  "/security": "Security",
  "/contact": "Contact",
  "/support": "Support",
  "/demo": "Demos",
  "/demo-timesheet": "Demos",
  "/demo-timer": "Demos",
  "/demo-new-te": "Demos",
  "/demo-project-allocation": "Demos",
  "/demo-classic": "Demos",
  "/media": "Media",
};
/** The demo pages, each named by what it shows. */
const demoNames: Record<string, string> = {
  "/demo-timesheet": "Demo: timesheet",
  "/demo-timer": "Demo: timer",
  "/demo-new-te": "Demo: new time and expense entry",
  "/demo-project-allocation": "Demo: project allocation",
  "/demo-classic": "Demo: classic interface",
};

/** What an editor calls the page at `path`: "Home", "Feature: Billing", "Demo: timer". */
export const pageName = (path: string): string =>
  demoNames[path] ?? (path.startsWith("/features/") ? placeName(path) : (pageNames[path] ?? path));

/**
 * Where a key shows, in words, each with its page's path: a post on its own page, the blog, its feed
 * and the site map search engines read; any other key on the pages that show it ("Home", "Products").
 */
export function whereShown(key: EditableKey): { name: string; path: string }[] {
  if (!isPostKey(key)) return pagesShowing[key].map((path) => ({ name: pageName(path), path }));
  const [own, blog, feed, siteMap] = pagesShowingPost(key);
  return [
    { name: "its own page", path: own },
    { name: "the blog", path: blog },
    { name: "the blog's feed", path: feed },
    { name: "the site map search engines read", path: siteMap },
  ];
}

const keyNames: Partial<Record<PageKey, string>> = {
  "home-heading": "Heading",
  "proof/quotes": "Customer quotes",
  "proof/logos": "Customer logos",
  "carousel/slides": "Carousel slides",
  "home-text": "Why teams choose us",
  "home-salesforce": "Platform panel",
  "home-time": "Card: time",
  "home-expenses": "Card: expenses",
  "home-projects": "Card: projects",
  "home-resources": "Card: resources",
  "home-billing": "Card: billing",
  "home-time-off": "Card: time off",
  "products-home": "Page text",
  pricing: "Pricing",
  "faq/products": "Questions buyers ask",
  integrations: "Integrations",
  "features-home": "Overview",
  "about-home": "Page text",
  "blog-home": "Page text",
  "solutions-home": "Page text",
  "legal/privacy": "Policy text",
  "legal/terms": "Terms text",
  "legal/security": "Page text",
};

/** "Home · Heading", grouped by the page the key belongs to; a feature page's key is named after its feature. */
export function keyTitle(key: EditableKey): { page: string; name: string } {
  if (isPostKey(key)) return { page: "Blog", name: `Post: ${slugOfPostKey(key)}` };
  const page = key === "pricing" ? "/products" : pagesShowing[key][0];
  const headName = "Title and description (search, social)";
  if (page.startsWith("/features/")) {
    const feature = page.slice("/features/".length).replace(/-/g, " ");
    if (key.startsWith("head/")) return { page: "Features", name: `Feature: ${feature} · ${headName}` };
    return { page: "Features", name: `Feature: ${feature}` };
  }
  if (key.startsWith("head/"))
    return { page: pageNames[page] ?? page, name: demoNames[page] ? `${demoNames[page]} · ${headName}` : headName };
  return { page: pageNames[page] ?? page, name: keyNames[key] ?? "Page text" };
}

/**
 * The slots the company fills with evidence only it has (issue #43): where each shows, in a marketer's
 * words, and what a visitor sees while it is empty. The console's editor says where; npm run
 * launch-check names each empty one.
 */
export const slotPlaces = {
  "proof/logos": {
    shown:
      'A row of customer logos on each page ticked under "Shown on" (Home unless another is ticked): on Home ' +
      "in the band under the first screen, elsewhere before the page's closing call to action.",
    empty: "no customer logo shows",
  },
  "proof/quotes": {
    shown:
      '"What our customers say" on each page ticked under "Shown on" (Home unless another is ticked): on Home ' +
      "in the band under the first screen, elsewhere before the page's closing call to action.",
    empty: "no customer quote shows",
  },
  integrations: {
    shown:
      'On the Products page under "Integrations"; accounting and ERP systems also on the Billing feature page, ' +
      "payroll and HR systems on the Payroll feature page.",
    empty: "no page names a system it connects with",
  },
} as const satisfies Partial<Record<PageKey, { shown: string; empty: string }>>;
export type SlotKey = keyof typeof slotPlaces;
export const isSlotKey = (key: string): key is SlotKey => Object.hasOwn(slotPlaces, key);

/** Where a key comes in its page's list: as keyNames lists them, then the rest. */
export const keyOrder = (key: EditableKey) => {
  const index = Object.keys(keyNames).indexOf(key);
  return index === -1 ? Object.keys(keyNames).length : index;
};

/** What a re-render hands the loaders (app/features/content/published-content.ts, server/content/). */
export interface PublishedContent {
  /** Key → the published markdown (or a structured key's JSON), as saved (placeholders not yet filled). */
  bodies: ReadonlyMap<string, string>;
  /** Every key the loaders read, when the renderer wants to know (server/content/pages.test.ts). */
  read?: Set<string>;
}
