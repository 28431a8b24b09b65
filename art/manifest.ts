/**
 * The content hash of each artwork: what its rasterised files are named after. Computed
 * from the SVG source, the encoder settings and the font, so the build script (which writes the
 * files) and vite.config.ts (which bakes the names into the app) always agree.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { artworks, type ArtworkName } from "./artworks.ts";
import { interFiles } from "./inter.ts";

/** Encoder settings; part of every hash, so changing them renames the files. */
export const encoderSettings = {
  avif: { quality: 58, effort: 2 },
  webp: { quality: 82, effort: 4, smartSubsample: true },
} as const;

export function artHashes(): Record<ArtworkName, string> {
  // The font's files too: the rasters are drawn from its outlines (art/outline.ts).
  const settings = createHash("sha256")
    .update(JSON.stringify(encoderSettings))
    .update(readFileSync(interFiles[400]))
    .update(readFileSync(interFiles[700]))
    .digest("hex");
  return Object.fromEntries(
    Object.entries(artworks).map(([name, draw]) => [
      name,
      createHash("sha256").update(draw()).update(settings).digest("hex").slice(0, 10),
    ]),
  ) as Record<ArtworkName, string>;
}
