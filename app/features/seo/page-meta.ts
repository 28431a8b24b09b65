import { buildMeta, type PageMeta } from "./meta.ts";
import { jsonLdMeta, organization, type JsonLdNode } from "./json-ld.ts";
import { site } from "#app/shared/site.ts";

/**
 * A route's `meta` export: the meta builder with this site's configuration, plus the page's
 * structured data. Every page names the Organization; pages add their own nodes (videos,
 * breadcrumbs, the apps and their prices).
 */
export const pageMeta = (page: PageMeta, structuredData: readonly JsonLdNode[] = []) => [
  ...buildMeta(page, site),
  jsonLdMeta([organization(site), ...structuredData]),
];
