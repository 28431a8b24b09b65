/**
 * Newsletter subscribers (owners): counts by status, the list with search and status filters (in
 * the URL), where each came from, confirmed ones as CSV; a pending one's confirmation resent (the
 * sign-up's own limits) and anyone unsubscribed by hand, both audited.
 */
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { consoleApiPath } from "#common/console.ts";
import { api, ApiError, load, queryOf, type Loaded } from "./api.ts";
import { count, dateOnly } from "./format.ts";
import { leftNote, type Leaving } from "./subscriber-left.ts";
import {
  Card,
  Empty,
  ErrorNote,
  FilterBar,
  PageTitle,
  Pager,
  Pill,
  dangerButtonClass,
  secondaryButtonClass,
  type FilterField,
} from "./ui.tsx";

type Status = "pending" | "subscribed" | "unsubscribed";
interface Subscriber extends Leaving {
  id: number;
  list: string;
  email: string;
  firstName: string;
  lastName: string;
  status: Status;
  createdAt: string;
  confirmedAt: string | null;
  attribution: {
    first: { source: string; campaign: string | null } | null;
    visit: { source: string; campaign: string | null } | null;
  };
}
interface Answer {
  counts: Record<Status, number>;
  total: number;
  pageSize: number;
  subscribers: Subscriber[];
}

const statusLabel: Record<Status, string> = {
  pending: "Pending",
  subscribed: "Confirmed",
  unsubscribed: "Unsubscribed",
};
const statusTone = { pending: "warn", subscribed: "good", unsubscribed: "neutral" } as const;
const filterFields: readonly FilterField[] = [
  { name: "q", label: "Search", kind: "search", placeholder: "E-mail or name" },
  {
    name: "status",
    label: "Status",
    kind: "select",
    options: [
      ["", "Every status"],
      ["subscribed", "Confirmed"],
      ["pending", "Pending"],
      ["unsubscribed", "Unsubscribed"],
    ],
  },
];

/** Where a subscriber came from: the first recorded visit's source (and campaign), else the sign-up visit's. */
const sourceOf = ({ attribution }: Subscriber) => {
  const touch = attribution?.first ?? attribution?.visit;
  return touch ? `${touch.source}${touch.campaign ? ` · ${touch.campaign}` : ""}` : "–";
};

const filterOf = (params: URLSearchParams) => ({ q: params.get("q") ?? "", status: params.get("status") ?? "" });

/** The route's loader (app/routes/console-subscribers.tsx): the counts and the page the URL's filter names. */
export const loadSubscribers = (url: URL): Promise<Loaded<Answer>> =>
  load<Answer>(
    `/subscribers${queryOf({ ...filterOf(url.searchParams), offset: Number(url.searchParams.get("offset") ?? 0) || undefined })}`,
  );

/** `reload`: loads the counts and the page again (after a change to a subscriber). */
export function Subscribers({ loaded, reload }: { loaded: Loaded<Answer>; reload(): void }) {
  // The filter and page in the URL (useLocation/useNavigate, as the leads inbox), so a reload keeps them.
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const filter: Record<string, string> = filterOf(params);
  const offset = Number(params.get("offset") ?? 0);
  const go = (values: Record<string, string | number | undefined>) => navigate({ search: queryOf(values) });
  const answer = loaded.answer;
  const [failed, setFailed] = useState<string>();
  const error = failed ?? loaded.error;
  const [note, setNote] = useState<string>();
  const act = async (path: string, intent: string) => {
    setFailed(undefined);
    setNote(undefined);
    try {
      setNote((await api<{ message: string }>(path, { method: "POST", body: {}, intent })).message);
      reload();
    } catch (caught) {
      setFailed((caught as ApiError).message);
    }
  };

  return (
    <>
      <PageTitle
        title="Subscribers"
        description="Newsletter sign-ups. An address is confirmed once its owner opened the link in the confirmation mail."
        actions={
          <a href={`${consoleApiPath}/subscribers.csv`} download className={secondaryButtonClass}>
            Download confirmed (CSV)
          </a>
        }
      />
      <ErrorNote message={error} />
      {note && (
        <p
          role="status"
          className="mb-4 rounded-lg border border-emerald-600/30 bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
        >
          {note}
        </p>
      )}
      {/* On a phone a line each (label, figure) rather than three tall cards. */}
      <div className="mb-6 grid gap-3 sm:grid-cols-3 sm:gap-4">
        {(["subscribed", "pending", "unsubscribed"] as const).map((status) => (
          <Card key={status} className="flex items-center justify-between gap-4 px-4 py-3 sm:block sm:p-5">
            <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">{statusLabel[status]}</h2>
            <p className="text-2xl font-bold text-ink tabular-nums sm:mt-1 sm:text-3xl">
              {answer ? count(answer.counts[status]) : "–"}
            </p>
          </Card>
        ))}
      </div>
      <Card className="overflow-hidden">
        <FilterBar
          label="Filter subscribers"
          id="subscribers"
          fields={filterFields}
          values={filter}
          onApply={(values) => go(values)}
          onClear={() => go({})}
          className="border-b border-line p-4"
        />
        {answer && !answer.subscribers.length && (
          <Empty>
            {Object.values(filter).some(Boolean)
              ? "No subscriber matches this filter."
              : "No subscribers yet. They appear here as soon as someone signs up for the newsletter."}
          </Empty>
        )}
        {answer && answer.subscribers.length > 0 && (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Subscribers table">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Subscribers</caption>
              <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    E-mail
                  </th>
                  <th scope="col" className="hidden px-4 py-2.5 font-semibold sm:table-cell">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-right font-semibold sm:text-left">
                    Status
                  </th>
                  <th scope="col" className="hidden px-4 py-2.5 font-semibold sm:table-cell">
                    Signed up
                  </th>
                  <th scope="col" className="hidden px-4 py-2.5 font-semibold sm:table-cell">
                    Confirmed
                  </th>
                  <th scope="col" className="hidden px-4 py-2.5 font-semibold md:table-cell">
                    Source
                  </th>
                  <th scope="col" className="hidden px-4 py-2.5 text-right font-semibold sm:table-cell">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {answer.subscribers.map((s) => {
                  const name = [s.firstName, s.lastName].filter(Boolean).join(" ");
                  return (
                    <tr key={s.id}>
                      <td className="px-4 py-3">
                        <span className="block font-medium text-ink [overflow-wrap:anywhere]">{s.email}</span>
                        {/* On a phone the name and dates go under the address instead of three narrow columns. */}
                        <span className="mt-0.5 block text-xs text-muted sm:hidden">
                          {[
                            name,
                            `signed up ${dateOnly(s.createdAt)}`,
                            s.confirmedAt && `confirmed ${dateOnly(s.confirmedAt)}`,
                            sourceOf(s) !== "–" && `from ${sourceOf(s)}`,
                          ]
                            .filter(Boolean)
                            .join(" · ")}
                        </span>
                        <div className="mt-2 sm:hidden">
                          <SubscriberActions subscriber={s} onAct={act} align="start" />
                        </div>
                      </td>
                      <td className="hidden px-4 py-3 text-ink sm:table-cell">{name || "–"}</td>
                      <td className="px-4 py-3 text-right sm:text-left">
                        <Pill tone={statusTone[s.status]}>{statusLabel[s.status]}</Pill>
                        {leftNote(s) && <span className="mt-1 block text-xs text-muted">{leftNote(s)}</span>}
                      </td>
                      <td className="hidden px-4 py-3 whitespace-nowrap text-muted sm:table-cell">
                        {dateOnly(s.createdAt)}
                      </td>
                      <td className="hidden px-4 py-3 whitespace-nowrap text-muted sm:table-cell">
                        {dateOnly(s.confirmedAt)}
                      </td>
                      <td className="hidden px-4 py-3 text-muted md:table-cell">{sourceOf(s)}</td>
                      <td className="hidden px-4 py-3 text-right sm:table-cell">
                        <SubscriberActions subscriber={s} onAct={act} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {answer && (
          <Pager
            offset={offset}
            pageSize={answer.pageSize}
            total={answer.total}
            onOffset={(next) => go({ ...filter, offset: next || undefined })}
          />
        )}
      </Card>
    </>
  );
}

/** A row's actions: resend a pending confirmation; unsubscribe, asked twice so a slip does not. */
function SubscriberActions({
  subscriber,
  onAct,
  align = "end",
}: {
  subscriber: Subscriber;
  onAct(path: string, intent: string): Promise<void>;
  align?: "start" | "end";
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (path: string, intent: string) => {
    setBusy(true);
    await onAct(`/subscribers/${subscriber.id}/${path}`, intent);
    setBusy(false);
    setConfirming(false);
  };
  // relative: the hidden address in each label stays inside the table's scroll box.
  const small = "relative min-h-8 px-2.5 py-1 text-xs";
  return (
    <div className={`flex flex-wrap gap-1.5 ${align === "end" ? "justify-end" : "justify-start"}`}>
      {subscriber.status === "pending" && (
        <button
          type="button"
          className={`${secondaryButtonClass} ${small}`}
          disabled={busy}
          onClick={() => run("resend", `Resend the confirmation to ${subscriber.email}`)}
        >
          Resend confirmation<span className="sr-only"> to {subscriber.email}</span>
        </button>
      )}
      {subscriber.status !== "unsubscribed" &&
        (confirming ? (
          <button
            type="button"
            className={`${dangerButtonClass} ${small}`}
            disabled={busy}
            onClick={() => run("unsubscribe", `Unsubscribe ${subscriber.email}`)}
          >
            Confirm unsubscribe<span className="sr-only"> {subscriber.email}</span>
          </button>
        ) : (
          <button type="button" className={`${secondaryButtonClass} ${small}`} onClick={() => setConfirming(true)}>
            Unsubscribe…<span className="sr-only"> {subscriber.email}</span>
          </button>
        ))}
    </div>
  );
}
