import { isConsolePath } from "./console.ts";

/** A route table entry as app/routes.ts declares it (React Router's RouteConfigEntry, the fields read here). */
export interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/**
 * Every page path of a route table, for the sitemap and the tests: static paths only (no "*"
 * or ":param"), no file routes such as "robots.txt" (a last segment with an extension), and
 * nothing of the console (common/console.ts), which is no page of the site.
 */
export function pagePaths(routes: RouteEntry[]): string[] {
  const paths: string[] = [];
  const visit = (entries: RouteEntry[], prefix: string) => {
    for (const entry of entries) {
      const full = entry.index ? prefix || "/" : `${prefix}/${entry.path ?? ""}`.replace(/\/+/g, "/");
      const isFile = /\.[a-z0-9]+$/i.test(full);
      // A splat route's own path is a page too ("blog/*" serves /blog; its other paths come and go).
      const splatBase = /^\/[^*:]+\/\*$/.test(full) ? full.slice(0, -2) : undefined;
      if (splatBase && !isConsolePath(splatBase)) paths.push(splatBase);
      if (!full.includes("*") && !full.includes(":") && !isFile && !isConsolePath(full))
        paths.push(full === "" ? "/" : full);
      if (entry.children) visit(entry.children, full === "/" ? "" : full);
    }
  };
  visit(routes, "");
  return [...new Set(paths)];
}
