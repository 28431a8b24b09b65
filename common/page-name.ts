/**
 * The name a page's measurements carry (the RUM pixel's {page}, the collector's page), and the
 * way back to its path for the usage report: the site's pages are known, so names map back.
 */

/** A path-safe name for a route: "/" is "home", "/features/billing" is "features-billing". */
export function pageName(pathname: string): string {
  const name = pathname
    .toLowerCase()
    .split("/")
    .map((segment) => segment.replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, ""))
    .filter(Boolean)
    .join("-")
    .slice(0, 100)
    .replace(/-+$/, "");
  return name || "home";
}

/** Each known page path by its name, for showing names as paths. */
export const pathsByName = (paths: string[]): Record<string, string> =>
  Object.fromEntries(paths.map((path) => [pageName(path), path]));
