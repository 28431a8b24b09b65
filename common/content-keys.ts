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

/** The privacy policy and terms: pages of their own, files under content/legal/. */
export const legalKeys = ["legal/privacy", "legal/terms"] as const;

/**
 * Every key an editor can publish at run time (server/content/). A key names its file: "<key>.md"
 * under content/, which serves until a version is published. Markdown keys only for now; route
 * heads, FAQ, pricing fields, carousel slides and proof quotes and logos will be structured JSON
 * bodies under their own prefixes ("head/<route>", "faq/<page>", "pricing/<edition>",
 * "carousel/<slide>", "proof/quote/<id>", "proof/logo/<id>"), each with a `format` of "json"
 * and a schema in this table, so the store, its history and publishing stay as they are.
 */
export const editableKeys = [...contentKeys, ...legalKeys] as const;
export type EditableKey = (typeof editableKeys)[number];

export const isEditableKey = (key: string): key is EditableKey => (editableKeys as readonly string[]).includes(key);

/**
 * The prerendered pages that show each key: what publishing it re-renders. A test renders every
 * page and checks this table against the keys its loaders read (server/content/pages.test.ts).
 */
export const pagesShowing: Readonly<Record<EditableKey, readonly string[]>> = {
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
};

/** What a re-render hands the loaders (app/features/content/published-content.ts, server/content/). */
export interface PublishedContent {
  /** Key → the published markdown, as saved (placeholders not yet filled). */
  bodies: ReadonlyMap<string, string>;
  /** Every key the loaders read, when the renderer wants to know (server/content/pages.test.ts). */
  read?: Set<string>;
}
