/**
 * Hashes every prerendered page's inline scripts and styles for the Content-Security-Policy,
 * so no page needs 'unsafe-inline': React Router prerenders inline <script>s into each page
 * (the hydration context, the module loader, React's streaming helpers).
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cspHashesFile, sha256Source, type CspManifest } from "#common/csp-hashes.ts";
import { prerenderedPages, type BuiltSite } from "./output.ts";

const sha256 = (text: string) => sha256Source(createHash("sha256").update(text, "utf8").digest("base64"));

/** Script types the browser executes; data blocks such as JSON-LD are not governed by script-src. */
const executable = (type: string | undefined) => !type || /^(module|(text|application)\/(java|ecma)script)$/i.test(type);

/** The CSP sources of one HTML document: its inline scripts and styles, and whether it has style attributes. */
export function inlineSources(html: string): { scripts: string[]; styles: string[]; styleAttributes: boolean } {
  const scripts: string[] = [];
  const styles: string[] = [];
  // Scripts are raw text in HTML: their source is everything up to the first "</script".
  const withoutScripts = html.replace(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi, (_whole, attributes: string, body: string) => {
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (!/\bsrc\s*=/i.test(attributes) && executable(type) && body.length > 0) scripts.push(sha256(body));
    return "";
  });
  const withoutStyles = withoutScripts.replace(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi, (_whole, body: string) => {
    styles.push(sha256(body));
    return "";
  });
  const styleAttributes = /<[a-z][^>]*\sstyle\s*=/i.test(withoutStyles);
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)], styleAttributes };
}

/** Collects the manifest from every prerendered page (URL path → HTML). */
export function buildCspManifest(pages: Iterable<[string, string]>): CspManifest {
  const manifest: CspManifest = { pages: {}, styles: [], styleAttributes: false };
  const styles = new Set<string>();
  for (const [urlPath, html] of pages) {
    const sources = inlineSources(html);
    manifest.pages[urlPath] = sources.scripts;
    sources.styles.forEach((s) => styles.add(s));
    manifest.styleAttributes ||= sources.styleAttributes;
  }
  manifest.styles = [...styles].sort();
  return manifest;
}

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
