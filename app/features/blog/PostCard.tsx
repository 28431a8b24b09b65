import { Link } from "react-router";
import { BlogMark } from "./BlogMark.tsx";
import type { PublishedPost } from "./posts.server.ts";
import { postDate } from "./post-date.ts";
import { PostCover } from "./PostCover.tsx";
import { TagList } from "./TagList.tsx";

/**
 * A post in /blog's list: cover, date and author, title (the link, stretched over the card), summary, tags.
 * `featured`: the newest post, across the row with its cover beside the text from tablet width up.
 */
export function PostCard({ post, featured }: { post: PublishedPost; featured: boolean }) {
  return (
    <article
      className={`group relative grid h-full overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md ${
        featured ? "md:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]" : "grid-rows-[auto_1fr]"
      }`}
    >
      <div
        className={`overflow-hidden border-line bg-brand-50 ${post.cover ? "aspect-[16/9]" : "hidden aspect-[16/9] sm:block"} ${
          featured ? "border-b md:aspect-auto md:min-h-80 md:border-r md:border-b-0" : "border-b"
        }`}
      >
        {post.cover ? (
          <PostCover
            cover={post.cover}
            sizes={
              featured
                ? "(min-width: 1152px) 640px, (min-width: 768px) 58vw, 100vw"
                : "(min-width: 1024px) 368px, (min-width: 640px) 50vw, 100vw"
            }
            eager={featured}
            className="h-full transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none"
          />
        ) : (
          // No cover: the blog's mark on the brand's dot grid (on a phone the card is text alone).
          <div className="flex h-full items-center justify-center bg-[radial-gradient(circle_at_1px_1px,var(--color-brand-100)_1px,transparent_0)] bg-[length:24px_24px]">
            <BlogMark className={featured ? "h-28 w-32" : "h-20 w-24"} onCard />
          </div>
        )}
      </div>
      <div className={`flex flex-col p-5 sm:p-6 ${featured ? "md:justify-center md:p-10" : ""}`}>
        <p className="text-sm text-muted">
          <time dateTime={post.date}>{postDate(post.date)}</time>
          <span aria-hidden="true"> · </span>
          <span>{post.author}</span>
        </p>
        <h2
          className={`mt-2 font-bold tracking-tight text-balance text-ink ${featured ? "text-xl sm:text-2xl lg:text-3xl" : "text-xl"}`}
        >
          <Link
            to={post.path}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700"
          >
            {post.title}
          </Link>
        </h2>
        <p className={`mt-3 leading-relaxed text-muted ${featured ? "text-base md:text-lg" : "flex-1 text-base"}`}>
          {post.summary}
        </p>
        {post.tags.length > 0 && <TagList tags={post.tags} className="mt-5" />}
      </div>
    </article>
  );
}
