/**
 * The blog's Atom feed (RFC 4287): the feed's id, title, links and the time of its newest entry, and
 * one entry per post with its summary, full text (HTML, escaped), tags and cover (its JPEG above the
 * text, and as the entry's Media RSS thumbnail, which readers show in their lists). Pure: a function of the
 * posts and the site's settings, so a feed reader sees the same bytes from every instance.
 */
import { escapeHtml } from "#common/html.ts";
import { blogFeedPath, blogPath } from "#common/post-keys.ts";
import type { SiteConfig } from "#common/site.ts";

export interface FeedPost {
  path: string;
  title: string;
  summary: string;
  author: string;
  tags: readonly string[];
  date: string;
  html: string;
  /** The cover's JPEG, root-relative (common/uploads.ts uploadJpeg), and its words. */
  cover?: { path: string; width: number; height: number; alt: string };
}

/** A publish date as an Atom date-time: the day's start, UTC. */
const dayStart = (date: string) => `${date}T00:00:00Z`;

export function atomFeed(site: SiteConfig, posts: readonly FeedPost[]): string {
  const url = (path: string) => escapeHtml(`${site.siteUrl}${path}`);
  const newest = posts.reduce((latest, post) => (post.date > latest ? post.date : latest), "");
  // With no post the feed still needs an <updated>: the year the company started, a fixed date.
  const updated = newest ? dayStart(newest) : `${site.foundedYear}-01-01T00:00:00Z`;
  const coverHtml = ({ path, width, height, alt }: NonNullable<FeedPost["cover"]>) =>
    `<p><img src="${escapeHtml(`${site.siteUrl}${path}`)}" width="${width}" height="${height}" alt="${escapeHtml(alt)}"></p>\n`;
  const entries = posts.map(
    (post) => `  <entry>
    <title>${escapeHtml(post.title)}</title>
    <link rel="alternate" type="text/html" href="${url(post.path)}"/>
    <id>${url(post.path)}</id>
    <published>${dayStart(post.date)}</published>
    <updated>${dayStart(post.date)}</updated>
    <author><name>${escapeHtml(post.author)}</name></author>
${post.tags.map((tag) => `    <category term="${escapeHtml(tag)}"/>\n`).join("")}${
      post.cover
        ? `    <media:thumbnail url="${url(post.cover.path)}" width="${post.cover.width}" height="${post.cover.height}"/>\n`
        : ""
    }    <summary>${escapeHtml(post.summary)}</summary>
    <content type="html" xml:base="${url(post.path)}">${escapeHtml((post.cover ? coverHtml(post.cover) : "") + post.html)}</content>
  </entry>
`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="en">
  <title>${escapeHtml(`The ${site.brand} blog`)}</title>
  <link rel="self" type="application/atom+xml" href="${url(blogFeedPath)}"/>
  <link rel="alternate" type="text/html" href="${url(blogPath)}"/>
  <id>${url(blogPath)}</id>
  <updated>${updated}</updated>
  <author><name>${escapeHtml(site.company)}</name></author>
${entries.join("")}</feed>
`;
}
