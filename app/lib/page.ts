import { buildMeta, type PageMeta } from "./meta";
import { jsonLdMeta, organization, type JsonLdNode } from "./json-ld";
import { site } from "./site";

/**
 * A route's `meta` export: the meta builder with this site's configuration, plus the page's
 * structured data. Every page names the Organization; pages add their own nodes (videos,
 * breadcrumbs, the apps and their prices).
 */
export const pageMeta = (page: PageMeta, structuredData: readonly JsonLdNode[] = []) => [
  ...buildMeta(page, site),
  jsonLdMeta([organization(site), ...structuredData]),
];

/** The page path a loader runs for; client navigations ask for "<path>.data". */
export function requestPath(request: Request): string {
  return new URL(request.url).pathname.replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
}
