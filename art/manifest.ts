/**
 * The content hash of each artwork: what its rasterised files are named after, and so the key of
 * the images a later build reuses (scripts/build-images.ts). Computed from the SVG source, the
 * encoder settings, the font and sharp's version (its libvips encodes them), so the build script
 * (which writes the files) and vite.config.ts (which bakes the names into the app) always agree.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { artworkNames, artworks, type ArtworkName } from "./artworks.ts";
import { interFiles } from "./inter.ts";

/** Encoder settings; part of every hash, so changing them renames the files. */
export const encoderSettings = {
  avif: { quality: 58, effort: 2 },
  webp: { quality: 82, effort: 4, smartSubsample: true },
} as const;

/** sharp's version, read from its package.json: vite.config.ts hashes the artwork without loading sharp. */
function sharpVersion(): string {
  const main = createRequire(import.meta.url).resolve("sharp");
  const manifest = path.join(path.dirname(main), "..", "package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

/** What every artwork's hash shares: the encoder settings, the font's files (the rasters are drawn from its outlines, art/outline.ts) and sharp's version. */
export function settingsHash(sharp = sharpVersion()): string {
  return createHash("sha256")
    .update(JSON.stringify(encoderSettings))
    .update(readFileSync(interFiles[400]))
    .update(readFileSync(interFiles[700]))
    .update(sharp)
    .digest("hex");
}

/** The hash of one drawing's SVG source with the shared settings. */
export const artHash = (svg: string, settings = settingsHash()): string =>
  createHash("sha256").update(svg).update(settings).digest("hex").slice(0, 10);

/** A poster and its phone composition (`poster-…-phone`) share one hash of both drawings: the app names the phone's files from the poster's. */
const hashedSource = (name: string) =>
  name.startsWith("poster-")
    ? [name.replace(/-phone$/, ""), `${name.replace(/-phone$/, "")}-phone`]
        .map((part) => artworks[part as ArtworkName]())
        .join("")
    : artworks[name as ArtworkName]();

export function artHashes(): Record<ArtworkName, string> {
  const settings = settingsHash();
  return Object.fromEntries(artworkNames.map((name) => [name, artHash(hashedSource(name), settings)])) as Record<
    ArtworkName,
    string
  >;
}
