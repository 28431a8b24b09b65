/**
 * The brand font (Inter, app/features/brand-type) for the drawings: real advance widths to lay labels out
 * with, and the glyph outlines the rasteriser draws text with, so the images are in the site's font on any
 * machine (sharp's SVG renderer would otherwise pick whatever font the system has). Node only: the
 * browser never loads the drawing code.
 *
 * The static 400 and 700 cuts of @fontsource/inter are the same outlines as the site's variable font at
 * those weights; fontkit cannot apply a variation to a WOFF2 font, so the static ones are read.
 */
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { create, type Font } from "fontkit";

export type Weight = 400 | 700;

const require = createRequire(import.meta.url);
/** The two font files, by weight: also hashed into the image names (art/manifest.ts). */
export const interFiles: Record<Weight, string> = {
  400: require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff2"),
  700: require.resolve("@fontsource/inter/files/inter-latin-700-normal.woff2"),
};

const fonts = new Map<Weight, Font>();
function inter(weight: Weight): Font {
  let font = fonts.get(weight);
  if (!font) {
    font = create(readFileSync(interFiles[weight])) as Font;
    fonts.set(weight, font);
  }
  return font;
}

/** Width of a label in Inter at `size` (user units), with `letterSpacing` after each character. */
export function interWidth(value: string, size: number, weight: Weight = 400, letterSpacing = 0): number {
  const font = inter(weight);
  const run = font.layout(value);
  const advance = run.positions.reduce((sum, p) => sum + p.xAdvance, 0);
  return (advance * size) / font.unitsPerEm + letterSpacing * [...value].length;
}

/** SVG path data of a label in Inter, its baseline at `y`, anchored at `x` like SVG's text-anchor. */
export function interPath(
  value: string,
  x: number,
  y: number,
  {
    size,
    weight = 400,
    anchor = "start",
    letterSpacing = 0,
  }: {
    size: number;
    weight?: Weight;
    anchor?: "start" | "middle" | "end";
    letterSpacing?: number;
  },
): string {
  const font = inter(weight);
  const scale = size / font.unitsPerEm;
  const width = interWidth(value, size, weight, letterSpacing);
  let pen = anchor === "middle" ? x - width / 2 : anchor === "end" ? x - width : x;
  const run = font.layout(value);
  // Glyph 0 is the empty box of a character the font lacks: fail the build rather than ship it.
  const missing = run.glyphs.findIndex((glyph) => glyph.id === 0);
  if (missing >= 0) throw new Error(`Inter has no glyph for "${[...value][missing]}" in "${value}"`);
  return run.glyphs
    .map((glyph, i) => {
      const p = run.positions[i];
      const d = glyph.path
        .scale(scale, -scale)
        .translate(pen + p.xOffset * scale, y - p.yOffset * scale)
        .toSVG();
      pen += p.xAdvance * scale + letterSpacing;
      return d;
    })
    .join("");
}
