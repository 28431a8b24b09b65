/**
 * Turns every <text> of a drawing (as parts.ts's `text` writes it) into a <path> of its glyphs in Inter, so
 * the raster is made with the brand font whatever fonts the building machine has (scripts/build-images.ts).
 * The SVG the site's tests read keeps its <text> elements.
 */
import { interPath, type Weight } from "./inter.ts";

const textElement = /<text ([^>]*)>([^<]*)<\/text>/g;
const attribute = /([a-z-]+)="([^"]*)"/g;
const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const unescape = (value: string) => value.replace(/&(amp|lt|gt|quot|#39);/g, (e) => entities[e]);

/** Attributes a text keeps on its path: its paint and anything that is not about type. */
const typeAttributes = new Set(["x", "y", "font-family", "font-size", "font-weight", "text-anchor", "letter-spacing"]);

export function outlineText(svg: string): string {
  return svg.replace(textElement, (_, attributes: string, content: string) => {
    const a = Object.fromEntries([...attributes.matchAll(attribute)].map(([, name, value]) => [name, value]));
    const d = interPath(unescape(content), Number(a.x), Number(a.y), {
      size: Number(a["font-size"]),
      weight: (Number(a["font-weight"] ?? 400) >= 600 ? 700 : 400) as Weight,
      anchor: (a["text-anchor"] ?? "start") as "start" | "middle" | "end",
      letterSpacing: Number(a["letter-spacing"] ?? 0),
    });
    const kept = Object.entries(a)
      .filter(([name]) => !typeAttributes.has(name))
      .map(([name, value]) => ` ${name}="${value}"`)
      .join("");
    return `<path d="${d}"${kept}/>`;
  });
}
