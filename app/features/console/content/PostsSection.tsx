/**
 * The console's blog posts: the list (title, status, date) with a form for a new post
 * (/admin/posts, route app/routes/console-posts.tsx). A post's editor (/admin/posts/<slug>,
 * app/routes/console-post.tsx) is the content editor of the key "post/<slug>": drafts, preview,
 * checks, publish now or at a time, history and restore as for any content.
 */
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { consolePath } from "#common/console.ts";
import type { PostListAnswer } from "#common/console-api.ts";
import { slugFrom, slugProblem } from "#common/post-keys.ts";
import { load, type Loaded } from "#app/features/console/api.ts";
import { dateTime } from "#app/features/console/format.ts";
import { postDate } from "#app/features/blog/post-date.ts";
import { buttonClass, Card, Empty, ErrorNote, inputClass, PageTitle } from "#app/features/console/ui.tsx";
import { StatusPill } from "./StatusPill.tsx";

export const postsPath = `${consolePath}/posts`;

/** The route loader's call: every post, published or not. */
export const loadPosts = () => load<PostListAnswer>("/content/posts");

/** A new post's title, typed on the posts page, handed to its editor with the navigation. */
export const newPostTitle = (state: unknown) => (state as { title?: string } | null)?.title;

export function PostsSection({ loaded: { answer: posts, error } }: { loaded: Loaded<PostListAnswer> }) {
  return (
    <>
      <PageTitle
        title="Posts"
        description="The blog's posts. Write a post, save it as a draft, check it in the preview, then publish it now or at a time. Published posts are listed newest first and in the feed."
      />
      <NewPost taken={posts?.posts.map((post) => post.slug) ?? []} />
      <ErrorNote message={error} />
      <Card>
        {posts && posts.posts.length === 0 && (
          <Empty>No posts yet: the blog shows a placeholder until one is published.</Empty>
        )}
        {posts && posts.posts.length > 0 && (
          <ul className="divide-y divide-line" aria-label="Posts">
            {posts.posts.map((post) => (
              <li key={post.key}>
                <Link
                  to={`${postsPath}/${post.slug}`}
                  className="grid gap-x-4 gap-y-1 px-4 py-3 hover:bg-surface sm:grid-cols-[minmax(0,1fr)_8rem_9rem] sm:items-center sm:px-5"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold break-words text-ink">{post.title || "Untitled"}</span>
                    <span className="block truncate text-xs text-muted">/blog/{post.slug}</span>
                  </span>
                  {/* On a phone status and date share a line; from sm up each is a column. */}
                  <span className="flex items-center gap-3 sm:contents">
                    <span>
                      <StatusPill status={post.item.status} post />
                      {post.item.status === "scheduled" && (
                        <span className="sr-only">, at {dateTime(post.item.scheduledAt)}</span>
                      )}
                    </span>
                    <span className="text-sm text-muted">
                      <span className="sr-only">Dated </span>
                      {post.date ? postDate(post.date) : "No date"}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

/** A new post: its title, and its address made from the title until the editor changes it. */
function NewPost({ taken }: { taken: readonly string[] }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState("");
  const [slug, setSlug] = useState<string>();
  const address = slug ?? slugFrom(title);
  const problem =
    title.trim() === ""
      ? undefined
      : taken.includes(address)
        ? "A post has this address already; choose another."
        : slugProblem(address);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === "" || problem) return;
    void navigate(`${postsPath}/${address}`, { state: { title: title.trim() } });
  };
  return (
    <Card className="mb-6 p-4 sm:p-5">
      <form
        onSubmit={submit}
        className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end"
        aria-label="New post"
      >
        <label className="block text-sm font-medium text-ink">
          New post's title
          <input
            className={`${inputClass} mt-1`}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            maxLength={120}
          />
        </label>
        <label className="block text-sm font-medium text-ink">
          Address
          <span className="mt-1 flex items-center rounded-lg">
            <span className="mr-1 text-sm text-muted">/blog/</span>
            <input
              className={inputClass}
              value={address}
              onChange={(event) => setSlug(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby="new-post-problem"
            />
          </span>
        </label>
        <button type="submit" className={buttonClass} disabled={title.trim() === "" || !!problem}>
          Write it
        </button>
        <p
          id="new-post-problem"
          className="text-xs font-medium text-danger-700 empty:hidden md:col-span-3"
          aria-live="polite"
        >
          {problem}
        </p>
      </form>
    </Card>
  );
}
