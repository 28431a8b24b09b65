import { withoutTrailingSlash } from "#common/paths.ts";

/**
 * Image URLs under assets/ are served by the image hosting service when one is configured
 * (requirements §7), except SVG files, which stay on our own origin (they are tiny, and an SVG from
 * another origin could not be styled or inlined the same way).
 */
export function imageUrl(url: string, imageHost: string): string {
  if (!imageHost) return url;
  const match = /^\/?(assets\/[^?#]*)(.*)$/.exec(url);
  if (!match) return url;
  const [, path, rest] = match;
  if (path.toLowerCase().endsWith(".svg")) return url;
  return `${withoutTrailingSlash(imageHost)}/${path}${rest}`;
}

/** A srcset ("url 540w, url 360w") with every URL rewritten by `imageUrl`. */
export function srcSet(candidates: readonly { url: string; width: number }[], imageHost: string): string {
  return candidates.map(({ url, width }) => `${imageUrl(url, imageHost)} ${width}w`).join(", ");
}
