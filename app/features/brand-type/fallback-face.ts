/**
 * The metric-matched fallback of the brand font, computed by Capsize (@capsizecss/core) from the
 * published metrics of Inter and Arial (@capsizecss/metrics). Build-time and test-only: the browser gets
 * the result, committed in brand-type.css.
 */
import { createFontStack } from "@capsizecss/core";
import arial from "@capsizecss/metrics/arial";
import inter from "@capsizecss/metrics/inter";

/** The family name the site's CSS uses for the brand font (its @font-face in brand-type.css). */
export const brandFamily = inter.familyName;

/** The @font-face rule of the fallback, as Capsize writes it (Latin subset). */
export function fallbackFontFace(): { fontFamily: string; fontFaces: string } {
  return createFontStack([inter, arial], { subset: "latin", fontFaceProperties: { fontDisplay: "swap" } });
}
