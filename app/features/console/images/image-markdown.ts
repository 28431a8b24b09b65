/** What the Images page offers to copy for an upload: its reference, the markdown that shows it, its thumbnail. */
import { parseUploadRef, uploadVariantPath, variantWidths } from "#common/uploads.ts";

/** `![alt](ref)`: brackets in the alternative text are escaped so the markdown stays one image. */
export const imageMarkdown = (ref: string, alt: string) => `![${alt.replace(/([[\]\\])/g, "\\$1")}](${ref})`;

/** An alternative text to start from: the file's name in words ("team-photo_2024.jpg" → "team photo 2024"). */
export const altFromName = (name: string) =>
  name
    .replace(/\.[a-z0-9]+$/i, "")
    .replace(/[-_]+/g, " ")
    .trim();

/** The smallest WebP variant, on this origin (the console's policy allows no image host). */
export function thumbnailOf(ref: string): { src: string; width: number; height: number } | undefined {
  const parsed = parseUploadRef(ref);
  if (!parsed) return undefined;
  const width = variantWidths(parsed.width).at(-1)!;
  return {
    src: uploadVariantPath(parsed, width, "webp"),
    width,
    height: Math.round((width * parsed.height) / parsed.width),
  };
}
