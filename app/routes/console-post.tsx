// A blog post's editor (/admin/posts/<slug>): the content editor of the key "post/<slug>",
// app/features/console/content/ContentEditor.tsx.
import { redirect, useLocation, useOutletContext } from "react-router";
import { postKeyOf, slugProblem } from "#common/post-keys.ts";
import { ifSignedIn, type Account } from "#app/features/console/api.ts";
import { ContentEditor, loadEditorData } from "#app/features/console/content/ContentEditor.tsx";
import { newPostTitle, postsPath } from "#app/features/console/content/PostsSection.tsx";
import type { Route } from "./+types/console-post";

export async function clientLoader({ params: { slug } }: Route.ClientLoaderArgs) {
  if (slugProblem(slug)) throw redirect(postsPath);
  const data = await ifSignedIn(() => loadEditorData(postKeyOf(slug)));
  return data && { slug, data };
}

export default function Post({ loaderData }: Route.ComponentProps) {
  const newTitle = newPostTitle(useLocation().state);
  // The frame's account (app/features/console/Console.tsx). A new post's author is its name,
  // never the address: the site and the feed publish it.
  const account = useOutletContext<Account>();
  if (!loaderData) return null;
  const { slug, data } = loaderData;
  return (
    <ContentEditor
      key={slug}
      contentKey={postKeyOf(slug)}
      data={data}
      newTitle={newTitle}
      newAuthor={account.name ?? ""}
    />
  );
}
