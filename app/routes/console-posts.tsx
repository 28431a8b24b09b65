// The console's blog posts (/admin/posts, /admin/posts/<slug>): app/features/console/content/PostsSection.tsx.
import PostsSection from "#app/features/console/content/PostsSection.tsx";

export default function Posts() {
  return <PostsSection />;
}
