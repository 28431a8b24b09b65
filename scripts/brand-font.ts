/**
 * npm run brand-font — writes the site's brand font (app/features/brand-type/README.md): Inter's
 * variable Latin woff2 from @fontsource-variable/inter, cut to the weights the site sets (400 for
 * text, 600 for the theme's medium, semibold and bold, 700 for `<strong>`'s `bolder`) and to the
 * code points of its @font-face `unicode-range` (every glyph of that range kept, so text an editor
 * types renders as before). 48 KB become about 30 KB: the font is on the path to the largest paint
 * of every text-led page (issue 41). The result is committed; brand-font.test.ts fails when it is
 * not what this makes from the installed package, so a new Inter release means running this again.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

/** The code points of Inter's Latin subset (the @font-face's unicode-range), as [first, last]. */
export const latinRanges: [number, number][] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/** The weights the site sets: the font's wght axis is cut to these. */
export const brandWeights = { min: 400, max: 700 };

/** The committed font, beside the CSS that declares it. */
export const brandFontFile = fileURLToPath(
  new URL("../app/features/brand-type/inter-latin-wght-400-700.woff2", import.meta.url),
);

/** The unicode-range descriptor for `latinRanges`, as the CSS writes it. */
export const unicodeRange = () =>
  latinRanges
    .map(([first, last]) => {
      const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
      return first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`;
    })
    .join(", ");

/** The brand font made from the installed @fontsource-variable/inter. */
export async function brandFont(): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"));
  let text = "";
  for (const [first, last] of latinRanges) for (let c = first; c <= last; c++) text += String.fromCodePoint(c);
  return subsetFont(source, text, { targetFormat: "woff2", variationAxes: { wght: brandWeights } });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const font = await brandFont();
  writeFileSync(brandFontFile, font);
  console.log(`brand-font: ${brandFontFile} (${font.length} B)`);
}
