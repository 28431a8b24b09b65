/**
 * The published posts, as the loaders of /blog, /blog/<slug>, the feed and the sitemap read them: from
 * the re-render's context (server/content/), never from files, so the build (no context) has none and
 * /blog stays the placeholder. Each post's text is rendered by the pages' own markdown pipeline.
 */
import type { SiteConfig } from "#common/site.ts";
import { isPostKey, postPath, slugOfPostKey, type PostKey } from "#common/post-keys.ts";
import { newestFirst, postFieldsOf, tagsOf } from "#common/posts.ts";
import { fallbackWidth, parseUploadRef, uploadJpeg, uploadVariantPath } from "#common/uploads.ts";
import { renderDraft } from "#app/features/content/content.server.ts";
import { publishedContentContext, type ContentContext } from "#app/features/content/published-content.ts";
import type { ResponsiveImage } from "#app/shared/artwork.ts";
import { imageUrl } from "#app/shared/image-url.ts";
import { uploadedImage } from "#app/shared/uploaded-image.ts";

export interface PublishedPost {
  slug: string;
  path: string;
  title: string;
  summary: string;
  author: string;
  tags: string[];
  /** The publish date, "2026-05-01". */
  date: string;
  /** `jpeg`: its one JPEG (root-relative), for the feed, whose readers show AVIF and WebP unreliably. */
  cover?: { image: ResponsiveImage; alt: string; socialUrl: string; jpeg: ReturnType<typeof uploadJpeg> };
}

export interface PublishedPostWithText extends PublishedPost {
  /** The text as HTML, rendered with raw HTML off. */
  html: string;
}

function postOf(key: PostKey, body: string, site: SiteConfig): PublishedPostWithText | undefined {
  const fields = postFieldsOf(body);
  if (!fields) return undefined;
  const ref = fields.cover ? parseUploadRef(fields.cover) : undefined;
  const slug = slugOfPostKey(key);
  return {
    slug,
    path: postPath(slug),
    title: fields.title,
    summary: fields.summary,
    author: fields.author,
    tags: tagsOf(fields.tags),
    date: fields.date,
    cover: ref && {
      image: uploadedImage(ref, site.imageHost),
      alt: fields.coverAlt,
      socialUrl: imageUrl(uploadVariantPath(ref, fallbackWidth(ref), "webp"), site.imageHost),
      jpeg: uploadJpeg(ref),
    },
    html: renderDraft(key, fields.body, site),
  };
}

/** Every published post, newest first, with its text. */
export function publishedPosts(site: SiteConfig, context?: ContentContext): PublishedPostWithText[] {
  const published = context?.get(publishedContentContext);
  if (!published) return [];
  const posts = [...published.bodies]
    .filter(([key]) => isPostKey(key))
    .flatMap(([key, body]) => {
      published.read?.add(key);
      const post = postOf(key as PostKey, body, site);
      return post ? [{ key: key as PostKey, fields: { date: post.date }, post }] : [];
    });
  return newestFirst(posts).map(({ post }) => post);
}

/** What a card in the list needs: the post without its text (the list's route data stays small). */
export const cardOf = ({ html: _html, ...post }: PublishedPostWithText): PublishedPost => post;

/**
 * Whether the blog has a published post: the shell links to it only then (issue #43 point 6). Every
 * page's root data says so; the server renders every page again when this changes
 * (server/content/plugin.ts), so the first post brings the link back everywhere and the last one takes it.
 */
export function blogHasPosts(context?: ContentContext): boolean {
  const published = context?.get(publishedContentContext);
  return !!published && [...published.bodies.keys()].some(isPostKey);
}
