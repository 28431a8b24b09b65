/**
 * Where the rasterised artwork lives and how its files are named: shared by the image build
 * (scripts/build-images.ts) and the app that links to the files. Pure, no Node or DOM APIs.
 */

/** The spec's srcset widths (requirements §3 "Carousel slide"), largest first. */
export const imageWidths = [1920, 1400, 540, 360] as const;

/** Modern formats only: every browser we support decodes WebP, most decode the smaller AVIF. */
export const imageFormats = ["avif", "webp"] as const;
export type ImageFormat = (typeof imageFormats)[number];

/** Folder of the build (and of public/) that holds the variants; served under /assets/img/. */
export const artDirectory = "assets/img";

export interface Aspect {
  width: number;
  height: number;
}
/** The product screens are drawn on a 4:3 canvas, so every width has a whole-pixel height. */
export const artAspect = { width: 4, height: 3 } as const satisfies Aspect;
/** The video posters are 16:9 like the video frame (its heights round to the nearest pixel: 788, 304, 203). */
export const posterAspect = { width: 16, height: 9 } as const satisfies Aspect;
export const heightFor = (width: number, aspect: Aspect = artAspect) =>
  Math.round((width * aspect.height) / aspect.width);
/** Video posters are named `poster-…` (art/posters.ts); everything else is a 4:3 screen. */
export const artworkAspect = (name: string): Aspect => (name.startsWith("poster-") ? posterAspect : artAspect);

/**
 * File name of one variant. The hash of the artwork's source is part of the name, so the
 * files can be cached forever (the server treats /assets/ as immutable) and a redrawn
 * artwork gets a new URL.
 */
export const artFileName = (name: string, hash: string, width: number, format: ImageFormat) =>
  `${name}-${hash}-${width}.${format}`;

/** Root-relative path of one variant, e.g. /assets/img/timesheet-3f9c0a1b2d-540.avif. */
export const artPath = (name: string, hash: string, width: number, format: ImageFormat) =>
  `/${artDirectory}/${artFileName(name, hash, width, format)}`;

/** Below this (Tailwind's sm, 640 px) a product screen shows its detail instead of the whole (art/details.ts). */
export const phoneDetailMedia = "(max-width: 639px)";

/** From this width (Tailwind's lg) the carousel sits in a column beside the heading and shows its screen's crop (art/focus.ts). */
export const wideFocusMedia = "(min-width: 1024px)";
/** Between the two, the whole screen. */
export const wholeScreenMedia = "(min-width: 640px) and (max-width: 1023px)";
