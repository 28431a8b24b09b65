/**
 * Hashes every prerendered page's inline scripts and styles for the Content-Security-Policy,
 * so no page needs 'unsafe-inline': React Router prerenders inline <script>s into each page
 * (the hydration context, the module loader, React's streaming helpers).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildCspManifest, cspHashesFile } from "#common/csp-hashes.ts";
import { prerenderedPages, type BuiltSite } from "./output.ts";

export { buildCspManifest, inlineSources } from "#common/csp-hashes.ts";

/** Every prerendered page of a build with its HTML. */
export function* pagesWithHtml(dir: string): Generator<[string, string]> {
  for (const [urlPath, file] of prerenderedPages(dir)) yield [urlPath, readFileSync(file, "utf8")];
}

/** Build step: after every page is final, before compression, so the hashes are of the bytes the server sends. */
export async function cspHashes({ dir }: BuiltSite): Promise<string> {
  const manifest = buildCspManifest(pagesWithHtml(dir));
  writeFileSync(path.join(dir, cspHashesFile), JSON.stringify(manifest, null, 2));
  return `${cspHashesFile} (${Object.keys(manifest.pages).length} pages)`;
}
