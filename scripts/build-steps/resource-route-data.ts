/**
 * React Router prerenders a resource route twice: the file itself (robots.txt) and its data for
 * client navigations (robots.txt.data). Nothing in the app navigates to these files, so the
 * twins are removed rather than precached and served.
 */
import { rmSync, statSync } from "node:fs";
import { filesUnder, type BuiltSite } from "./output.ts";

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** The `.data` files beside a file of the same name (a page's data sits beside its folder instead). */
export const resourceRouteData = (dir: string) =>
  [...filesUnder(dir)].filter((file) => file.endsWith(".data") && isFile(file.slice(0, -".data".length)));

/** Build step: before the service worker step, which would precache them. */
export async function dropResourceRouteData({ dir }: BuiltSite): Promise<string> {
  const files = resourceRouteData(dir);
  for (const file of files) rmSync(file);
  return `${files.length} files`;
}
