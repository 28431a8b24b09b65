/**
 * Rasterises the artwork of art/artworks.ts (4:3 screens, 16:9 video posters) into AVIF and
 * WebP at the spec's widths, into public/assets/img/ (git-ignored; Vite copies public/ into the build, and the dev server
 * serves it). File names carry the source hash, so an unchanged artwork is not re-encoded
 * and stale variants are deleted. The Vite plugin of scripts/build-steps/artwork-plugin.ts runs
 * it before Vite bundles or serves; `node scripts/build-images.ts [dir]` runs it by hand.
 */
import { existsSync, mkdirSync, readdirSync, unlinkSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { artDirectory, artFileName, heightFor, imageFormats, imageWidths } from "#common/art.ts";
import { artHashes, encoderSettings } from "#art/manifest.ts";
import { artworks, artworkNames, aspectOf, canvasWidth } from "#art/artworks.ts";
import { outlineText } from "#art/outline.ts";

export async function rasteriseArtwork(outDir = path.resolve("public", artDirectory)): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const hashes = artHashes();
  const wanted = new Set<string>();
  let written = 0;
  for (const name of artworkNames) {
    // Screens are 4:3, video posters 16:9; every canvas is canvasWidth wide.
    const aspect = aspectOf(name);
    let master: Buffer | undefined;
    for (const width of imageWidths) {
      for (const format of imageFormats) {
        const file = artFileName(name, hashes[name], width, format);
        wanted.add(file);
        if (existsSync(path.join(outDir, file))) continue;
        // Rendering the SVG (its soft shadow especially) is the slow part: do it once at the
        // largest width and downscale that, which keeps text crisp at every size.
        // Text as Inter's outlines: the brand font, whatever fonts this machine has.
        master ??= await sharp(Buffer.from(outlineText(artworks[name]())), {
          density: (72 * imageWidths[0]) / canvasWidth,
        })
          .resize(imageWidths[0], heightFor(imageWidths[0], aspect))
          .png({ compressionLevel: 0 })
          .toBuffer();
        const image = sharp(master).resize(width, heightFor(width, aspect), { kernel: "lanczos3" });
        await (format === "avif" ? image.avif(encoderSettings.avif) : image.webp(encoderSettings.webp)).toFile(
          path.join(outDir, file),
        );
        written++;
      }
    }
  }
  const stale = readdirSync(outDir).filter((file) => !wanted.has(file));
  for (const file of stale) unlinkSync(path.join(outDir, file));
  return `${wanted.size} variants in ${path.relative(process.cwd(), outDir)} (${written} encoded, ${stale.length} stale removed)`;
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(`build-images: ${await rasteriseArtwork(process.argv[2] ? path.resolve(process.argv[2]) : undefined)}`);
