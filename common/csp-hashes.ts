/**
 * The Content-Security-Policy hashes file: the build (scripts/build-steps/csp-hashes.ts) writes it
 * into the build folder, the server reads it at start-up. Not served.
 */
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
