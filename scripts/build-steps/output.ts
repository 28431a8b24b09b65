/**
 * The build output in build/client, as the build steps and the gates read it: every file at
 * any depth and the URL path each file is served at (common/build-files.ts, which the server
 * reads too), the prerendered pages, and which files are served precompressed.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { filesUnder, urlPathOf } from "#common/build-files.ts";
import { isCompressibleFile } from "#common/compress.ts";
import type { SiteConfig } from "#common/site.ts";

export { filesUnder, urlPathOf };

/** Every prerendered page of the build: URL path → its index.html. */
export function prerenderedPages(buildDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const file of filesUnder(buildDir))
    if (path.basename(file) === "index.html") pages.set(urlPathOf(path.relative(buildDir, file)), file);
  if (!pages.has("/")) throw new Error(`No prerendered site in ${buildDir}: run "npm run build" first`);
  return pages;
}

/** Every HTML document of the build: the pages and React Router's SPA fallback (__spa-fallback.html). */
export const htmlFiles = (buildDir: string) => [...filesUnder(buildDir)].filter((file) => file.endsWith(".html"));

export { minCompressedBytes } from "#common/compress.ts";

/** Whether the build ships a file with brotli and gzip copies beside it (`<file>.br`, `<file>.gz`). */
export const isCompressible = (file: string) => isCompressibleFile(file, statSync(file).size);

/** What every build step gets: the finished client build folder and the site configuration it was built with. */
export interface BuiltSite {
  dir: string;
  site: SiteConfig;
}

/** One step of the build after prerendering: changes or adds files in the build folder, says what in one line. */
export type BuildStep = (build: BuiltSite) => Promise<string>;
