import { Link } from "react-router";
import { Markdown } from "#app/features/content/Markdown.tsx";
import type { PublishedPostWithText } from "./posts.server.ts";
import { postDate } from "./post-date.ts";
import { PostCover } from "./PostCover.tsx";
import { TagList } from "./TagList.tsx";

/** A post's page: a readable measure (about 70 characters), the byline and date over the cover, tags last. */
export function PostArticle({ post }: { post: PublishedPostWithText }) {
  return (
    <article className="container-page py-10 sm:py-14">
      <div className="mx-auto max-w-[40rem]">
        <Link to="/blog" className="text-sm font-semibold text-brand-700 hover:underline">
          ← All posts
        </Link>
        <h1 className="mt-4 text-3xl leading-tight font-bold tracking-tight text-balance text-ink sm:text-[2.75rem]">
          {post.title}
        </h1>
        <p className="mt-4 text-lg leading-relaxed text-muted sm:text-xl">{post.summary}</p>
        <p className="mt-6 flex flex-wrap items-center gap-x-2 border-b border-line pb-6 text-sm text-muted">
          <span className="font-semibold text-ink">{post.author}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={post.date}>{postDate(post.date)}</time>
        </p>
      </div>
      {post.cover && (
        <div className="mx-auto mt-8 max-w-[56rem] overflow-hidden rounded-2xl border border-line bg-brand-50">
          <PostCover cover={post.cover} sizes="(min-width: 960px) 896px, 100vw" eager />
        </div>
      )}
      <div className="mx-auto mt-8 max-w-[40rem]">
        {/* Long-form reading: a darker text than the pages' prose, at about 70 characters a line. */}
        <Markdown html={post.html} className="prose max-w-none break-words text-slate-700!" />
        {post.tags.length > 0 && (
          <div className="mt-10 border-t border-line pt-6">
            <TagList tags={post.tags} />
          </div>
        )}
      </div>
    </article>
  );
}
