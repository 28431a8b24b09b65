/**
 * Blog posts are content keys of their own, "post/<slug>": one key per post, so a post has the
 * content store's drafts, schedule, history and diff (server/content/). The slug is the post's
 * address, /blog/<slug>, chosen when the post is made; it is part of the key, so it never changes.
 */

export const blogPath = "/blog";
export const blogFeedPath = "/blog/feed.xml";
export const postKeyPrefix = "post/";

/** The most characters a slug may have: an address people read and share. */
export const slugMaxLength = 80;

export type PostKey = `post/${string}`;

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Paths under /blog that are not posts. */
const reservedSlugs = new Set(["feed", "feed-xml", "page", "tag", "tags"]);

/** Why a slug cannot be used, as a sentence; undefined for a good one. */
export function slugProblem(slug: string): string | undefined {
  if (slug === "") return "Choose the post's address.";
  if (slug.length > slugMaxLength) return `The address is ${slug.length} characters long; at most ${slugMaxLength}.`;
  if (!slugPattern.test(slug))
    return "The address takes lower-case letters, digits and single hyphens between them (such as time-tracking-tips).";
  if (reservedSlugs.has(slug)) return `"${slug}" is taken by the blog itself; choose another address.`;
  return undefined;
}

export const isPostKey = (key: string): key is PostKey =>
  key.startsWith(postKeyPrefix) && slugProblem(key.slice(postKeyPrefix.length)) === undefined;

export const postKeyOf = (slug: string): PostKey => `post/${slug}`;
export const slugOfPostKey = (key: PostKey) => key.slice(postKeyPrefix.length);
export const postPath = (slug: string) => `${blogPath}/${slug}`;

/** A slug made from a title: "Ten tips for time tracking!" → "ten-tips-for-time-tracking". */
export function slugFrom(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return words.slice(0, slugMaxLength).replace(/-+$/, "");
}

/** The pages a post is shown on: its own, the list, the feed and the sitemap. */
export const pagesShowingPost = (key: PostKey) => [
  postPath(slugOfPostKey(key)),
  blogPath,
  blogFeedPath,
  "/sitemap.xml",
];
