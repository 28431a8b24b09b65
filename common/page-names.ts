/**
 * The measurement's page names (the RUM pixel's path segment, the collector's `page`, a lead's
 * landing) and the site paths they stand for. A name is the path with its slashes turned into
 * hyphens, so it is read back through the site's own list of paths, not by guessing.
 */
import { blogPath, postPath } from "./post-keys.ts";

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

const postNamePrefix = `${pageName(blogPath)}-`;

/**
 * The path of a name the site's built paths do not have: a blog post ("blog-tips" is "/blog/tips":
 * posts are published without a build, so no list of paths holds them), else a page since removed,
 * read as "/" + the name.
 */
export const pathOfUnlistedName = (name: string): string =>
  name === "home" ? "/" : name.startsWith(postNamePrefix) ? postPath(name.slice(postNamePrefix.length)) : `/${name}`;

/**
 * A reader of page names as paths, from the site's paths: "features-billing" is "/features/billing";
 * other names as pathOfUnlistedName reads them.
 */
export function pagePathsByName(sitePaths: Iterable<string>): (name: string) => string {
  const byName = new Map<string, string>();
  for (const path of sitePaths) if (!byName.has(pageName(path))) byName.set(pageName(path), path);
  return (name) => byName.get(name) ?? pathOfUnlistedName(name);
}

/** Each known page path by its name, as a record (the usage API sends it, so the page shows paths). */
export const pathsByName = (paths: readonly string[]): Record<string, string> =>
  Object.fromEntries(paths.map((path) => [pageName(path), path]));
