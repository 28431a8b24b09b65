/**
 * The console's content section: the list of keys with their state (/admin/content, route
 * app/routes/console-content.tsx); a key's editor (/admin/content/<key>) is ContentEditor.tsx.
 */
import { Link } from "react-router";
import { consolePath } from "#common/console.ts";
import type { ContentListAnswer, ContentListItem } from "#common/console-api.ts";
import { pageName } from "#common/content-keys.ts";
import { load, type Loaded } from "#app/features/console/api.ts";
import { dateTime } from "#app/features/console/format.ts";
import { Card, ErrorNote, PageTitle } from "#app/features/console/ui.tsx";
import { StatusPill } from "./StatusPill.tsx";
import { groupByPage } from "./key-groups.ts";

export const contentPath = `${consolePath}/content`;

/** The route loader's call: every key with its state, and the site's pages. */
export const loadContentList = () => load<ContentListAnswer>("/content");

export function ContentList({ loaded: { answer: list, error } }: { loaded: Loaded<ContentListAnswer> }) {
  return (
    <>
      <PageTitle
        title="Content"
        description="The words, prices and customer proof of the site's pages. Edit one, save it as a draft, check it in the preview, then publish it now or at a time."
      />
      <ErrorNote message={error} />
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
        to={`${contentPath}/${item.key}`}
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
