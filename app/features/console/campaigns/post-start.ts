/**
 * A newsletter started from a published post (issue 32: "or start from a post"): its title as the
 * subject, its cover above its summary and text, and a link to it on the blog. Site paths in the
 * text become whole addresses, since a mail has no site to be relative to. The cover is its JPEG
 * (mail clients show AVIF and WebP unreliably); the text's images are left out, the post's page
 * has them. Pure; the editor then changes what it likes.
 */
import type { PostFields } from "#common/posts.ts";
import { parseUploadRef, uploadJpeg } from "#common/uploads.ts";

/** Markdown links and images to a path of the site ("](/features)") made absolute. */
const absolutePaths = (markdown: string, siteUrl: string) => markdown.replace(/\]\(\/(?!\/)/g, `](${siteUrl}/`);
/** Markdown images, and the blank lines they leave. */
const withoutImages = (markdown: string) => markdown.replace(/!\[[^\]]*\]\([^)]*\)/g, "").replace(/\n{3,}/g, "\n\n");

/** The cover as the mail's first image, its words in brackets made safe for markdown's alt text. */
function coverOf(post: Partial<Pick<PostFields, "cover" | "coverAlt">>, siteUrl: string) {
  const ref = post.cover ? parseUploadRef(post.cover) : undefined;
  if (!ref) return "";
  const alt = (post.coverAlt ?? "")
    .replace(/[[\]\\]/g, "\\$&")
    .replace(/\s+/g, " ")
    .trim();
  return `![${alt}](${siteUrl}${uploadJpeg(ref).path})\n\n`;
}

export function campaignFromPost(
  post: Pick<PostFields, "title" | "summary" | "body"> & Partial<Pick<PostFields, "cover" | "coverAlt">>,
  postUrl: string,
  siteUrl: string,
) {
  return {
    subject: post.title,
    body: `${coverOf(post, siteUrl)}${absolutePaths(withoutImages(`${post.summary}\n\n${post.body.trim()}`), siteUrl)}\n\n[Read it on the blog](${postUrl})\n`,
  };
}
