/**
 * The Content-Security-Policy hashes file: the build (scripts/build-steps/csp-hashes.ts) writes it
 * into the build folder, the server reads it at start-up. Not served. How a page's inline sources
 * are found is here too, for the build and for the server's re-render after a publish (Node only).
 */
import { createHash } from "node:crypto";
export const cspHashesFile = "csp-hashes.json";

export interface CspManifest {
  /** URL path of each prerendered page → the sha256 sources of its inline scripts. */
  pages: Record<string, string[]>;
  /** sha256 sources of inline <style> elements anywhere on the site. */
  styles: string[];
  /** Whether any page's HTML has a style="" attribute (then style-src-attr must allow it). */
  styleAttributes: boolean;
}

/** A CSP hash source as the policy names it: `'sha256-<base64 digest>'`. */
export const sha256Source = (base64Digest: string) => `'sha256-${base64Digest}'`;

const sha256 = (text: string) => sha256Source(createHash("sha256").update(text, "utf8").digest("base64"));

/** Script types the browser executes; data blocks such as JSON-LD are not governed by script-src. */
const executable = (type: string | undefined) =>
  !type || /^(module|(text|application)\/(java|ecma)script)$/i.test(type);

/** The CSP sources of one HTML document: its inline scripts and styles, and whether it has style attributes. */
export function inlineSources(html: string): { scripts: string[]; styles: string[]; styleAttributes: boolean } {
  const scripts: string[] = [];
  const styles: string[] = [];
  // Scripts are raw text in HTML: their source is everything up to the first "</script".
  const withoutScripts = html.replace(
    /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
    (_whole, attributes: string, body: string) => {
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
      if (!/\bsrc\s*=/i.test(attributes) && executable(type) && body.length > 0) scripts.push(sha256(body));
      return "";
    },
  );
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
