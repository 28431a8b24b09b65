import { useState } from "react";
import type { ContentEntryAnswer, PostListAnswer } from "#common/console-api.ts";
import { postPath } from "#common/post-keys.ts";
import { postFieldsOf } from "#common/posts.ts";
import { api, queryOf } from "#app/features/console/api.ts";
import { inputClass, labelClass } from "#app/features/console/ui.tsx";
import { site } from "#app/shared/site.ts";
import { campaignFromPost } from "./post-start.ts";

/**
 * A new newsletter's first choice: start from a published post (its subject and text filled in), or
 * from scratch. `posts`: the published ones, from the editor's loader.
 */
export function StartFromPost({
  posts,
  onStart,
}: {
  posts: PostListAnswer["posts"];
  onStart(start: { subject: string; body: string }): void;
}) {
  const [error, setError] = useState<string>();
  if (posts.length === 0) return null;
  const start = async (slug: string) => {
    if (!slug) return;
    try {
      const entry = await api<ContentEntryAnswer>(`/content/entry${queryOf({ key: `post/${slug}` })}`);
      const fields = postFieldsOf(entry.published?.body ?? "");
      if (fields) onStart(campaignFromPost(fields, `${site.siteUrl}${postPath(slug)}`, site.siteUrl));
      setError(undefined);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <div>
      <label htmlFor="campaign-from-post" className={labelClass}>
        Start from a post
      </label>
      <select
        id="campaign-from-post"
        className={inputClass}
        defaultValue=""
        onChange={(event) => void start(event.target.value)}
      >
        <option value="">Write it from scratch</option>
        {posts.map((post) => (
          <option key={post.slug} value={post.slug}>
            {post.title || post.slug}
          </option>
        ))}
      </select>
      {error && <p className="mt-1 text-xs font-medium text-danger-700">{error}</p>}
    </div>
  );
}
