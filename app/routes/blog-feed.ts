// /blog/feed.xml, the blog's Atom feed: prerendered empty by the build, rendered again with each publish.
import { atomFeed } from "#app/features/blog/atom-feed.ts";
import { publishedPosts } from "#app/features/blog/posts.server.ts";
import { site } from "#app/shared/site.ts";
import type { Route } from "./+types/blog-feed";

export function loader({ context }: Route.LoaderArgs) {
  const posts = publishedPosts(site, context).map(({ cover, ...post }) => ({
    ...post,
    cover: cover && { ...cover.jpeg, alt: cover.alt },
  }));
  return new Response(atomFeed(site, posts), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8" },
  });
}
