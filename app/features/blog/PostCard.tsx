import { Link } from "react-router";
import type { PublishedPost } from "./posts.server.ts";
import { postDate } from "./post-date.ts";
import { PostCover } from "./PostCover.tsx";
import { TagList } from "./TagList.tsx";

/** A post in /blog's list: cover, title (the link), summary, then date, author and tags. */
export function PostCard({ post, first }: { post: PublishedPost; first: boolean }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition-shadow hover:shadow-md">
      {post.cover ? (
        <div className="aspect-[16/9] overflow-hidden border-b border-line bg-brand-50">
          <PostCover
            cover={post.cover}
            sizes="(min-width: 1024px) 368px, (min-width: 640px) 50vw, 100vw"
            eager={first}
            className="h-full"
          />
        </div>
      ) : (
        <div
          className="aspect-[16/9] border-b border-line bg-brand-50 bg-[radial-gradient(circle_at_1px_1px,var(--color-brand-100)_1px,transparent_0)] bg-[length:24px_24px]"
          aria-hidden="true"
        />
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm text-muted">
          <time dateTime={post.date}>{postDate(post.date)}</time>
          <span aria-hidden="true"> · </span>
          <span>{post.author}</span>
        </p>
        <h2 className="mt-2 text-xl font-bold tracking-tight text-balance text-ink">
          {/* The whole card is the link's target, through the stretched ::after. */}
          <Link
            to={post.path}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-focus-within:underline hover:underline"
          >
            {post.title}
          </Link>
        </h2>
        <p className="mt-2 flex-1 text-base leading-relaxed text-muted">{post.summary}</p>
        {post.tags.length > 0 && <TagList tags={post.tags} className="mt-4" />}
      </div>
    </article>
  );
}
