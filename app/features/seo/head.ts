/**
 * A page's head from its "head/<page>" content key (common/content-schemas.ts): title, description,
 * keywords and social image as the meta builder takes them. The loader reads the key and hands this
 * to the route's `meta` through loader data, so a publish re-renders the head without a build.
 */
import type { EntryOf } from "#common/content-schemas.ts";
import { fallbackWidth, parseUploadRef, uploadVariantPath } from "#common/uploads.ts";
import { imageUrl } from "#app/shared/image-url.ts";
import type { PageMeta } from "./meta.ts";

export type PageHead = Pick<PageMeta, "title" | "description" | "keywords" | "image">;

/** An uploaded social image is linked by its largest fallback variant; a path of the site stays as it is. */
export function headOf(entry: EntryOf<"head/home">, imageHost: string): PageHead {
  const ref = entry.image ? parseUploadRef(entry.image) : undefined;
  const image = ref ? imageUrl(uploadVariantPath(ref, fallbackWidth(ref), "webp"), imageHost) : entry.image;
  return {
    ...(entry.title ? { title: entry.title } : {}),
    description: entry.description,
    keywords: entry.keywords,
    ...(image ? { image } : {}),
  };
}

/** The head a route's meta spreads: what its loader read, or nothing while the data is missing (an error page). */
export const headFields = (head: PageHead | undefined): PageHead => head ?? { description: "", keywords: "" };
