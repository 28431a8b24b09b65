/**
 * The rasterised artwork (art/artworks.ts: 4:3 screens and 16:9 posters, encoded by
 * scripts/build-images.ts) as responsive images: an AVIF and a WebP srcset at the spec's
 * widths, each URL passed through the image host rewrite of requirements §7.
 */
// Types only: the drawing code stays out of the bundle.
import type {
  ArtworkName,
  ClaimName,
  FocusScreenName,
  PosterName,
  PosterPhoneName,
  ScreenName,
} from "#art/artworks.ts";
import {
  artPath,
  artworkAspect,
  heightFor,
  imageFormats,
  imageWidths,
  phoneDetailMedia,
  type ImageFormat,
} from "#common/art.ts";
import { imageUrl, srcSet } from "./image-url.ts";
import { site } from "./site.ts";

// File-name hashes of each artwork but the claim pictures and the posters' phone compositions (they have
// their poster's), baked in at build time (see vite.config.ts).
declare const __ART__: Record<Exclude<ArtworkName, ClaimName | PosterPhoneName>, string>;
// Named once: Vite writes the whole table at every mention.
const hashes = __ART__;

export type { ArtworkName, FocusScreenName, PosterName, ScreenName };

export interface ResponsiveImage {
  /** Fallback for a browser that takes neither source: the 1400 px WebP. */
  src: string;
  /** Intrinsic size of `src`, for the width and height attributes (reserves the box: no layout shift). */
  width: number;
  height: number;
  /** A source with `media` applies only there (art direction), and comes first. */
  sources: { type: `image/${ImageFormat}`; srcSet: string; media?: string }[];
}

export function artworkImage(
  name: Exclude<ArtworkName, ClaimName | PosterPhoneName>,
  imageHost: string = site.imageHost,
) {
  return responsiveImage(name, hashes[name], imageHost);
}

/** A video poster, and below 640 px its phone composition (art/poster-phones.ts), named with the poster's hash. */
export function posterImage(name: PosterName, imageHost: string = site.imageHost): ResponsiveImage {
  const image = artworkImage(name, imageHost);
  image.sources.unshift(...responsiveImage(`${name}-phone`, hashes[name], imageHost, phoneDetailMedia).sources);
  return image;
}

/** A demo's thumbnail: the poster's phone composition at every width, where a thumbnail is as small as a phone's poster. */
export const posterThumbnail = (name: PosterName, imageHost: string = site.imageHost) =>
  responsiveImage(`${name}-phone`, hashes[name], imageHost);

/** The responsive image of an artwork whose file-name hash the caller has (a claim picture's, say), for `media` if given. */
export function responsiveImage(
  name: ArtworkName,
  hash: string,
  imageHost: string = site.imageHost,
  media?: string,
): ResponsiveImage {
  const fallbackWidth = imageWidths[1];
  return {
    src: imageUrl(artPath(name, hash, fallbackWidth, "webp"), imageHost),
    width: fallbackWidth,
    height: heightFor(fallbackWidth, artworkAspect(name)),
    sources: imageFormats.map((format) => ({
      media,
      type: `image/${format}` as const,
      srcSet: srcSet(
        imageWidths.map((width) => ({ url: artPath(name, hash, width, format), width })),
        imageHost,
      ),
    })),
  };
}
