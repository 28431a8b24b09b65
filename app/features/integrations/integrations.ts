/**
 * The systems the app connects to, as the company names them in the console ("integrations",
 * common/content-schemas.ts). Its file is an empty list, so until the company names one no page shows
 * the block: nothing hints at a connection it cannot name. Loaders pick each page's systems here.
 */
import { integrationKinds, type EntryOf } from "#common/content-schemas.ts";

export interface IntegrationView {
  name: string;
  /** The kind as a buyer reads it ("Accounting", "ERP"); absent for none or "other". */
  kind?: string;
  link?: string;
}

export interface IntegrationsBlock {
  heading: string;
  /** What is included and what is charged, as the rest of the site says it (requirements §1). */
  note: string;
  items: IntegrationView[];
}

type Kind = (typeof integrationKinds)[number];

/** The feature pages that name integrations too, each the kinds it is about; Products names them all. */
export const featureKinds = {
  billing: ["accounting", "ERP"],
  payroll: ["payroll", "HR"],
} as const satisfies Record<string, readonly Kind[]>;
export type IntegrationPage = "products" | keyof typeof featureKinds;

/** The feature page at a path that names integrations, if it is one. */
export const integrationPageAt = (path: string): keyof typeof featureKinds | undefined =>
  path === "/features/billing" ? "billing" : path === "/features/payroll-integration" ? "payroll" : undefined;

const note =
  "Setting up a connection is included in your subscription. A connection to another system is development work, " +
  "which we quote before we start.";

/** A kind as saved (any case, checked at save) as the schema spells it; undefined for none. */
const kindOf = (text: string | undefined): Kind | undefined =>
  integrationKinds.find((kind) => kind.toLowerCase() === text?.trim().toLowerCase());

const kindLabel = (kind: Kind | undefined) =>
  kind === undefined || kind === "other" ? undefined : kind[0].toUpperCase() + kind.slice(1);

/** "Xero", "Xero and Sage", "Xero, Sage and Gusto". */
export function namesInWords(names: readonly string[]): string {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The most systems a heading names; past it the list under the heading names them all. */
const namedInHeading = 3;

/** What a page shows of the named integrations, or null when it has none to name. */
export function integrationsOn(
  entries: readonly EntryOf<"integrations">[],
  page: IntegrationPage,
): IntegrationsBlock | null {
  const kinds: readonly Kind[] | undefined = page === "products" ? undefined : featureKinds[page];
  const items = entries.flatMap(({ name, kind, link }) => {
    const known = kindOf(kind);
    if (kinds && (known === undefined || !kinds.includes(known))) return [];
    const label = kindLabel(known);
    return [{ name: name.trim(), ...(label ? { kind: label } : {}), ...(link ? { link } : {}) }];
  });
  if (!items.length) return null;
  const names = items.map((item) => item.name);
  const heading =
    names.length <= namedInHeading ? `Connects with ${namesInWords(names)}` : `Connects with ${names.length} systems`;
  return { heading, note, items };
}
