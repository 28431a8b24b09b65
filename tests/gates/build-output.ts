/** Reading the production build in build/client: its pages, and the files each page loads. */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { isConsolePath } from "#common/console.ts";
import { filesUnder, prerenderedPages as pagesOf } from "../../scripts/build-steps/output.ts";

export const buildDir = path.resolve(process.env.BUILD_DIR ?? "build/client");

/** Every file of the build (or of a folder in it). */
export const filesOf = (dir = buildDir) => filesUnder(dir);

/** Every prerendered page of the site: URL path → its index.html (the console's shell is no page of the site). */
export const prerenderedPages = () => new Map([...pagesOf(buildDir)].filter(([urlPath]) => !isConsolePath(urlPath)));

/** The console's prerendered shell(s) under /admin. */
export const consolePages = () => new Map([...pagesOf(buildDir)].filter(([urlPath]) => isConsolePath(urlPath)));

/** The size a file travels at: its precompressed .gz beside it, or gzip it now (small files are not precompressed). */
export function gzipSize(file: string): number {
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

const assetPath = (url: string) => path.join(buildDir, decodeURIComponent(url.split(/[?#]/, 1)[0]));

/** The JavaScript a page loads before it is interactive: its module preloads, script srcs and the inline loader's imports, with their static imports. */
export function javascriptOf(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/\bimport\s*(?:\(\s*)?"(\/[^"]+\.js)"/g)) urls.add(match[1]);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, "utf8");
    // Static imports only: import("./x.js") is loaded later, on demand.
    for (const match of source.matchAll(
      /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
    ))
      visit(path.resolve(path.dirname(file), match[1]));
  };
  for (const url of urls) if (url.startsWith("/")) visit(assetPath(url));
  return [...files];
}
