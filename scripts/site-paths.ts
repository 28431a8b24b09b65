/** Every page path of the route table (app/routes.ts), for the sitemap and the tests. */
import path from "node:path";
import { pathToFileURL } from "node:url";

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

export async function sitePaths(routesFile = path.resolve("app/routes.ts")): Promise<string[]> {
  const { default: routes } = (await import(pathToFileURL(routesFile).href)) as { default: RouteEntry[] };
  const paths: string[] = [];
  const visit = (entries: RouteEntry[], prefix: string) => {
    for (const entry of entries) {
      const full = entry.index ? prefix || "/" : `${prefix}/${entry.path ?? ""}`.replace(/\/+/g, "/");
      if (!full.includes("*") && !full.includes(":")) paths.push(full === "" ? "/" : full);
      if (entry.children) visit(entry.children, full === "/" ? "" : full);
    }
  };
  visit(routes, "");
  return [...new Set(paths)];
}
