/**
 * The content hash of each artwork: what its rasterised files are named after. Computed
 * from the SVG source and the encoder settings, so the build script (which writes the
 * files) and vite.config.ts (which bakes the names into the app) always agree.
 */
import { createHash } from "node:crypto";
import { artworks, type ArtworkName } from "./artworks.ts";

/** Encoder settings; part of every hash, so changing them renames the files. */
export const encoderSettings = {
  avif: { quality: 58, effort: 2 },
  webp: { quality: 82, effort: 4, smartSubsample: true },
} as const;

export function artHashes(): Record<ArtworkName, string> {
  const settings = JSON.stringify(encoderSettings);
  return Object.fromEntries(
    Object.entries(artworks).map(([name, draw]) => [
      name,
      createHash("sha256").update(draw()).update(settings).digest("hex").slice(0, 10),
    ]),
  ) as Record<ArtworkName, string>;
}
