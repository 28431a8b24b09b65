// The console's blog posts (/admin/posts): app/features/console/content/PostsSection.tsx.
import { ifSignedIn } from "#app/features/console/api.ts";
import { loadPosts, PostsSection } from "#app/features/console/content/PostsSection.tsx";
import type { Route } from "./+types/console-posts";

export const clientLoader = () => ifSignedIn(loadPosts);

export default function Posts({ loaderData }: Route.ComponentProps) {
  return loaderData ? <PostsSection loaded={loaderData} /> : null;
}
