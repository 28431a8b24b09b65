// The console's blog posts (/admin/posts, /admin/posts/<slug>): app/features/console/content/PostsSection.tsx.
import { useOutletContext } from "react-router";
import type { Account } from "#app/features/console/api.ts";
import PostsSection from "#app/features/console/content/PostsSection.tsx";

export default function Posts() {
  // The frame's account (app/features/console/Console.tsx): a new post's author is its name.
  return <PostsSection account={useOutletContext<Account>()} />;
}
