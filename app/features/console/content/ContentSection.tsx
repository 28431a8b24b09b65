/**
 * The console's content section (/admin/content): the list of keys with their state, and the
 * editor of one key (/admin/content/<key>). Loaded on demand by Console.tsx, so CodeMirror and
 * the diff reach the browser only when an owner or editor opens this section.
 */
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { consolePath } from "#common/console.ts";
import type { ContentListAnswer, ContentListItem } from "#common/console-api.ts";
import { isEditableKey, pageName } from "#common/content-keys.ts";
import { api } from "#app/features/console/api.ts";
import { dateTime } from "#app/features/console/format.ts";
import { Card, Empty, ErrorNote, PageTitle } from "#app/features/console/ui.tsx";
import { ContentEditor } from "./ContentEditor.tsx";
import { StatusPill } from "./StatusPill.tsx";
import { groupByPage } from "./key-groups.ts";

const sectionPath = `${consolePath}/content`;

export default function ContentSection() {
  const key = decodeURIComponent(useLocation().pathname.slice(sectionPath.length + 1)).replace(/\/+$/, "");
  const [list, setList] = useState<ContentListAnswer>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    api<ContentListAnswer>("/content").then(setList, (failure: Error) => setError(failure.message));
  }, [key]);
  if (key && isEditableKey(key)) return <ContentEditor key={key} contentKey={key} sitePaths={list?.sitePaths ?? []} />;
  return <ContentList list={list} error={error} />;
}

function ContentList({ list, error }: { list?: ContentListAnswer; error?: string }) {
  return (
    <>
      <PageTitle
        title="Content"
        description="The words, prices and customer proof of the site's pages. Edit one, save it as a draft, check it in the preview, then publish it now or at a time."
      />
      <ErrorNote message={error} />
      {!list && !error && (
        <Card>
          <Empty>Loading the content…</Empty>
        </Card>
      )}
      {list && (
        <div className="space-y-6">
          {groupByPage(list.keys).map((group) => (
            <Card key={group.page}>
              <h2 className="border-b border-line px-4 py-3 text-sm font-semibold text-ink sm:px-5">{group.page}</h2>
              <ul className="divide-y divide-line" aria-label={`Content of ${group.page}`}>
                {group.items.map((item) => (
                  <ContentRow key={item.key} item={item} />
                ))}
              </ul>
            </Card>
          ))}
        </div>
      )}
    </>
  );
}

function ContentRow({ item }: { item: ContentListItem & { name: string } }) {
  return (
    <li>
      <Link
        to={`${sectionPath}/${item.key}`}
        className="grid gap-x-4 gap-y-1 px-4 py-3 hover:bg-surface sm:grid-cols-[minmax(0,1fr)_8rem_minmax(0,15rem)] sm:items-center sm:px-5"
      >
        <span className="min-w-0">
          <span className="block font-semibold break-words text-ink">{item.name}</span>
          <span className="block text-xs text-muted">
            {item.key.startsWith("proof/")
              ? "Shown on the pages each one is placed on"
              : `Shown on: ${item.pages.map(pageName).join(", ")}`}
          </span>
        </span>
        <span>
          <StatusPill status={item.status} />
          {item.status === "scheduled" && <span className="sr-only">, at {dateTime(item.scheduledAt)}</span>}
        </span>
        <span className="min-w-0 text-xs text-muted">
          {item.changedAt ? (
            <>
              <span className="block truncate" title={item.changedBy ?? undefined}>
                {item.changedBy}
              </span>
              <span className="block">{dateTime(item.changedAt)}</span>
            </>
          ) : (
            "The original text, never changed"
          )}
        </span>
      </Link>
    </li>
  );
}
