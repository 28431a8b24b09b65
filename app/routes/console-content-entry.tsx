// The editor of one content key (/admin/content/<key>): app/features/console/content/ContentEditor.tsx.
// Its module, with CodeMirror and the diff, loads only when an editor opens.
import { redirect } from "react-router";
import { isEditableKey } from "#common/content-keys.ts";
import { ifSignedIn } from "#app/features/console/api.ts";
import { ContentEditor, loadEditorData } from "#app/features/console/content/ContentEditor.tsx";
import { contentPath } from "#app/features/console/content/ContentSection.tsx";
import type { Route } from "./+types/console-content-entry";

/** The key from the path; nothing for a path that names no editable key (the list instead). */
const keyOf = (params: Route.ClientLoaderArgs["params"]) => {
  const key = (params["*"] ?? "").replace(/\/+$/, "");
  return isEditableKey(key) ? key : undefined;
};

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const key = keyOf(params);
  if (!key) throw redirect(contentPath);
  const data = await ifSignedIn(() => loadEditorData(key));
  return data && { key, data };
}

export default function ContentEntry({ loaderData }: Route.ComponentProps) {
  // One editor a key: moving to another key starts afresh.
  return loaderData ? <ContentEditor key={loaderData.key} contentKey={loaderData.key} data={loaderData.data} /> : null;
}
