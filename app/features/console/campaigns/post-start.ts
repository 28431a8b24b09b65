/**
 * A newsletter started from a published post (issue 32: "or start from a post"): its title as the
 * subject, its summary and text, and a link to it on the blog. Site paths in the text become whole
 * addresses, since a mail has no site to be relative to; images are left out (uploads are served as
 * AVIF and WebP variants, which not every mail client shows), the post's page has them. Pure; the
 * editor then changes what it likes.
 */
import type { PostFields } from "#common/posts.ts";

/** Markdown links and images to a path of the site ("](/features)") made absolute. */
const absolutePaths = (markdown: string, siteUrl: string) => markdown.replace(/\]\(\/(?!\/)/g, `](${siteUrl}/`);
/** Markdown images, and the blank lines they leave. */
const withoutImages = (markdown: string) => markdown.replace(/!\[[^\]]*\]\([^)]*\)/g, "").replace(/\n{3,}/g, "\n\n");

export function campaignFromPost(
  post: Pick<PostFields, "title" | "summary" | "body">,
  postUrl: string,
  siteUrl: string,
) {
  return {
    subject: post.title,
    body: `${absolutePaths(withoutImages(`${post.summary}\n\n${post.body.trim()}`), siteUrl)}\n\n[Read it on the blog](${postUrl})\n`,
  };
}
