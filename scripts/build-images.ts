/**
 * Rasterises the artwork of art/artworks.ts (4:3 screens, 16:9 video posters) into AVIF and
 * WebP at the spec's widths, into public/assets/img/ (git-ignored; Vite copies public/ into the
 * build, and the dev server serves it). That folder is the cache between builds: the build never
 * empties public/, and file names carry the hash of the drawing, the encoder settings, the font and
 * sharp's version (art/manifest.ts), so an unchanged drawing is not encoded again and stale
 * variants are deleted. A first build encodes all of them (about 500 images, minutes on two
 * cores), so it says how many and prints its progress every few seconds. The Vite plugin of
 * scripts/build-steps/artwork-plugin.ts runs it before Vite bundles or serves;
 * `node scripts/build-images.ts [dir]` runs it by hand.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, unlinkSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { artDirectory, artFileName, heightFor, imageFormats, imageWidths, type Aspect } from "#common/art.ts";
import { artHashes, encoderSettings } from "#art/manifest.ts";
import { artworks, artworkNames, aspectOf, canvasWidth } from "#art/artworks.ts";
import { outlineText } from "#art/outline.ts";

/** One picture to rasterise: its name, hash (art/manifest.ts), shape and SVG. */
export interface Drawing {
  name: string;
  hash: string;
  aspect: Aspect;
  svg: () => string;
}

/** Every artwork of the registry, text as Inter's outlines: the brand font, whatever fonts this machine has. */
export function registryDrawings(): Drawing[] {
  const hashes = artHashes();
  return artworkNames.map((name) => ({
    name,
    hash: hashes[name],
    aspect: aspectOf(name),
    svg: () => outlineText(artworks[name]()),
  }));
}

/** How often a long encoding says how far it is. */
export const progressEveryMs = 5_000;

/** Call once per image done: prints "N of total images" when `everyMs` has passed since the last line, and at the end. */
export function progressReporter(
  total: number,
  print: (line: string) => void,
  now: () => number = Date.now,
  everyMs = progressEveryMs,
): () => void {
  let done = 0;
  let printedAt = now();
  return () => {
    done++;
    if (done < total && now() - printedAt < everyMs) return;
    printedAt = now();
    print(`${done} of ${total} images`);
  };
}

export async function rasteriseArtwork(
  outDir = path.resolve("public", artDirectory),
  drawings: Drawing[] = registryDrawings(),
  print: (line: string) => void = (line) => console.log(`artwork: ${line}`),
): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const wanted = new Set<string>();
  const missing = new Map<Drawing, { width: number; format: (typeof imageFormats)[number]; file: string }[]>();
  for (const drawing of drawings)
    for (const width of imageWidths)
      for (const format of imageFormats) {
        const file = artFileName(drawing.name, drawing.hash, width, format);
        wanted.add(file);
        if (!existsSync(path.join(outDir, file)))
          missing.set(drawing, [...(missing.get(drawing) ?? []), { width, format, file }]);
      }
  const toEncode = [...missing.values()].reduce((sum, variants) => sum + variants.length, 0);
  if (toEncode) print(`encoding ${toEncode} of ${wanted.size} images (later builds reuse them)`);
  const encoded = progressReporter(toEncode, print);
  for (const [drawing, variants] of missing) {
    // Rendering the SVG (its soft shadow especially) is the slow part: do it once at the
    // largest width and downscale that, which keeps text crisp at every size.
    const master = await sharp(Buffer.from(drawing.svg()), { density: (72 * imageWidths[0]) / canvasWidth })
      .resize(imageWidths[0], heightFor(imageWidths[0], drawing.aspect))
      .png({ compressionLevel: 0 })
      .toBuffer();
    for (const { width, format, file } of variants) {
      const image = sharp(master).resize(width, heightFor(width, drawing.aspect), { kernel: "lanczos3" });
      // Written under another name, then renamed: a build stopped halfway (typegen ends while the
      // plugin still encodes) leaves no truncated file that later builds would take as done.
      const partial = path.join(outDir, `${file}.partial`);
      await (format === "avif" ? image.avif(encoderSettings.avif) : image.webp(encoderSettings.webp)).toFile(partial);
      renameSync(partial, path.join(outDir, file));
      encoded();
    }
  }
  const stale = readdirSync(outDir).filter((file) => !wanted.has(file));
  for (const file of stale) unlinkSync(path.join(outDir, file));
  return `${wanted.size} variants in ${path.relative(process.cwd(), outDir)} (${toEncode} encoded, ${stale.length} stale removed)`;
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(`build-images: ${await rasteriseArtwork(process.argv[2] ? path.resolve(process.argv[2]) : undefined)}`);
