/**
 * An image uploaded in the console (common/uploads.ts) as a responsive image, the same shape as
 * the build's artwork: AVIF and WebP srcsets, a WebP fallback and the intrinsic size, every URL
 * passed through the image host rewrite of requirements §7.
 */
import { imageFormats } from "#common/art.ts";
import { fallbackWidth, uploadVariantPath, variantWidths, type UploadRef } from "#common/uploads.ts";
import type { ResponsiveImage } from "./artwork.ts";
import { imageUrl, srcSet } from "./image-url.ts";

export function uploadedImage(ref: UploadRef, imageHost: string): ResponsiveImage {
  const width = fallbackWidth(ref);
  return {
    src: imageUrl(uploadVariantPath(ref, width, "webp"), imageHost),
    width,
    height: Math.round((width * ref.height) / ref.width),
    sources: imageFormats.map((format) => ({
      type: `image/${format}` as const,
      srcSet: srcSet(
        variantWidths(ref.width).map((variant) => ({ url: uploadVariantPath(ref, variant, format), width: variant })),
        imageHost,
      ),
    })),
  };
}
