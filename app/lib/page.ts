import { buildMeta, type PageMeta } from "./meta";
import { site } from "./site";

/** A route's `meta` export: the meta builder with this site's configuration. */
export const pageMeta = (page: PageMeta) => buildMeta(page, site);

/** The page path a loader runs for; client navigations ask for "<path>.data". */
export function requestPath(request: Request): string {
  return new URL(request.url).pathname.replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
}
