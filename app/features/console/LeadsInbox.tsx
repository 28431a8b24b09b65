/**
 * The leads inbox (owners): newest first, each row with its source, campaign, status, owner and
 * the question's start; filtered by words, dates, status, source and campaign. A lead's detail
 * has its pipeline (status, owner, notes, history), every stored field and the delivery of its
 * notification to sales. The filter and the open lead live in the URL, so a reload or a shared
 * link shows the same, and the CSV download is of exactly that filter. Keys: lead-keys.ts.
 */
import { useLayoutEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { consoleApiPath, consolePath } from "#common/console.ts";
import type { DeliveryState as Delivery, LeadOrigin } from "#common/console-api.ts";
import {
  leadStatuses,
  leadStatusLabel,
  type LeadEvent,
  type LeadListAnswer,
  type LeadStatus,
} from "#common/lead-pipeline.ts";
import { load, queryOf, type Loaded } from "./api.ts";
import { DeliveryCard } from "./DeliveryCard.tsx";
import { dateTime, plural } from "./format.ts";
import { leadKeyAction, neighbourOf } from "./leads/lead-keys.ts";
import { originRows } from "./leads/lead-origin.ts";
import { LeadPipeline, type PipelineLead } from "./leads/LeadPipeline.tsx";
import { ShortcutsDialog } from "./leads/ShortcutsDialog.tsx";
import {
  Card,
  Empty,
  ErrorNote,
  FilterBar,
  PageTitle,
  Pager,
  Pill,
  secondaryButtonClass,
  type FilterField,
} from "./ui.tsx";

interface LeadDetail extends PipelineLead {
  createdAt: string;
  subject: string;
  details: string;
  fields: Record<string, unknown>;
}
interface DetailAnswer {
  lead: LeadDetail;
  origin: LeadOrigin;
  deliveries: Delivery[];
  history: LeadEvent[];
  owners: string[];
}

/** Each status's pill colour: open work in the brand colour, the ends in their own. */
export const statusTone: Record<LeadStatus, "brand" | "warn" | "good" | "neutral"> = {
  new: "brand",
  contacted: "warn",
  qualified: "warn",
  won: "good",
  lost: "neutral",
};

const fieldsOf = (list: LeadListAnswer | undefined, current: Record<string, string>): FilterField[] => {
  // A value in the URL that the list no longer holds stays choosable, so the select shows what filters.
  const options = (values: string[], chosen: string, all: string) =>
    [["", all], ...[...new Set([...values, ...(chosen ? [chosen] : [])])].map((v) => [v, v])] as [string, string][];
  return [
    { name: "q", label: "Search", kind: "search", placeholder: "E-mail, name or words", wide: true },
    { name: "from", label: "From", kind: "date" },
    { name: "to", label: "To", kind: "date" },
    {
      name: "status",
      label: "Status",
      kind: "select",
      options: [["", "Every status"], ...leadStatuses.map((s) => [s, leadStatusLabel[s]] as [string, string])],
    },
    {
      name: "source",
      label: "Source",
      kind: "select",
      options: options(list?.sources ?? [], current.source, "Every source"),
    },
    {
      name: "campaign",
      label: "Campaign",
      kind: "select",
      options: options(list?.campaigns ?? [], current.campaign, "Every campaign"),
    },
  ];
};
const filterNames = ["q", "from", "to", "status", "source", "campaign"] as const;

const filterOf = (params: URLSearchParams): Record<string, string> =>
  Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ""]));
const listQueryOf = (params: URLSearchParams) =>
  queryOf({ ...filterOf(params), offset: Number(params.get("offset") ?? 0) || undefined });

export interface LeadsData {
  list: Loaded<LeadListAnswer>;
  /** The lead open beside the list (`?id=`), if any. */
  detail?: Loaded<DetailAnswer>;
}

/** The route's loader (app/routes/console-leads.tsx): the filtered page of the list, and the open lead, at once. */
export async function loadLeads(url: URL): Promise<LeadsData> {
  const id = url.searchParams.get("id");
  const [list, detail] = await Promise.all([
    load<LeadListAnswer>(`/leads${listQueryOf(url.searchParams)}`),
    id ? load<DetailAnswer>(`/leads/${encodeURIComponent(id)}`) : undefined,
  ]);
  return { list, detail };
}

/** `reload`: loads the list and the open lead again (after a change to a lead). */
export function LeadsInbox({ data, reload }: { data: LeadsData; reload(): void }) {
  // The query string through useLocation and useNavigate, which the public pages use too (useSearchParams
  // would add router code to the chunk every page loads).
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const setParams = (next: URLSearchParams) => navigate({ search: next.size ? `?${next}` : "" });
  const filter = filterOf(params);
  const offset = Number(params.get("offset") ?? 0);
  const selected = params.get("id");
  const list = data.list.answer;
  const error = data.list.error;
  const [help, setHelp] = useState(false);
  const statusRef = useRef<HTMLSelectElement>(null);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value) next.set(key, value);
      else next.delete(key);
    setParams(next);
  };
  const leadLink = (id: number) => `${consolePath}/leads${queryOf({ ...filter, offset: offset || undefined, id })}`;

  // The keyboard: the latest list and selection through a ref, so one listener serves every render.
  // Layout effects: both are in place before the list is painted, so a key pressed as soon as the
  // leads show is answered (passive effects could still be waiting then).
  const keys = useRef({ ids: [] as number[], selected, open: (id: number) => navigate(leadLink(id)) });
  useLayoutEffect(() => {
    keys.current = { ids: list?.leads.map((lead) => lead.id) ?? [], selected, open: (id) => navigate(leadLink(id)) };
  });
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = leadKeyAction({
        key: event.key,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        target: event.target as HTMLElement | null,
      });
      if (!action || document.querySelector("dialog[open]")) return;
      event.preventDefault();
      const { ids, selected: open, open: go } = keys.current;
      if (action === "help") setHelp(true);
      else if (action === "status") statusRef.current?.focus();
      else {
        const id = neighbourOf(ids, open ? Number(open) : undefined, action === "next" ? 1 : -1);
        if (id !== undefined) go(id);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const csvHref = `${consoleApiPath}/leads.csv${queryOf(filter)}`;
  const filtered = Object.values(filter).some(Boolean);

  return (
    <>
      <PageTitle
        title="Leads"
        description="Every message sent through the contact form, newest first."
        actions={
          <>
            <button
              type="button"
              className={`${secondaryButtonClass} max-sm:hidden`}
              onClick={() => setHelp(true)}
              aria-keyshortcuts="?"
            >
              Keyboard shortcuts
            </button>
            <a href={csvHref} download className={secondaryButtonClass}>
              Download CSV
            </a>
          </>
        }
      />
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
      <Card className={`mb-6 p-4 ${selected ? "hidden xl:block" : ""}`}>
        <FilterBar
          label="Filter leads"
          id="leads"
          fields={fieldsOf(list, filter)}
          values={filter}
          onApply={(values) => update({ ...values, offset: undefined, id: undefined })}
          onClear={() => setParams(new URLSearchParams())}
        />
      </Card>
      <ErrorNote message={error} />
      <div
        className={selected ? "grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]" : ""}
      >
        <Card className={`self-start overflow-hidden ${selected ? "hidden xl:block" : ""}`}>
          <h2 className="sr-only">Inbox</h2>
          {/* One live region: the count of what the filter found, or the note that it found nothing. */}
          <div aria-live="polite">
            {list &&
              (list.leads.length ? (
                <p className="border-b border-line px-4 py-3 text-sm text-muted">
                  {plural(list.total, "lead")}
                  {filtered ? (list.total === 1 ? " matches the filter" : " match the filter") : ""}
                </p>
              ) : (
                <Empty>
                  {filtered
                    ? "No lead matches this filter."
                    : "No leads yet. They appear here as soon as someone sends the contact form."}
                </Empty>
              ))}
          </div>
          <ul className="divide-y divide-line">
            {list?.leads.map((lead) => (
              <li key={lead.id}>
                <Link
                  to={leadLink(lead.id)}
                  aria-current={String(lead.id) === selected ? "true" : undefined}
                  className={`block px-4 py-3.5 hover:bg-surface ${String(lead.id) === selected ? "bg-brand-50" : ""}`}
                >
                  <span className="flex items-baseline justify-between gap-3">
                    <span className="truncate font-semibold text-ink">{lead.name || lead.email}</span>
                    <span className="shrink-0 text-xs text-muted">{dateTime(lead.createdAt)}</span>
                  </span>
                  {/* The address under a name too: it is how a lead is answered and told apart. */}
                  {lead.name && <span className="block truncate text-xs text-muted">{lead.email}</span>}
                  <span className="mt-0.5 block truncate text-sm text-ink">{lead.preview || lead.subject}</span>
                  <span className="mt-1.5 flex items-center justify-between gap-3">
                    <span className="min-w-0 truncate text-xs text-muted">
                      {lead.source ?? "Source not recorded"}
                      {lead.campaign ? ` · ${lead.campaign}` : ""}
                      {lead.owner ? ` · ${lead.owner}` : ""}
                    </span>
                    <Pill tone={statusTone[lead.status]}>{leadStatusLabel[lead.status]}</Pill>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {list && (
            <Pager
              offset={offset}
              pageSize={list.pageSize}
              total={list.total}
              onOffset={(next) => update({ offset: next ? String(next) : undefined })}
            />
          )}
        </Card>
        {selected && (
          <LeadPanel
            key={selected}
            loaded={data.detail}
            statusRef={statusRef}
            onClose={() => update({ id: undefined })}
            onChanged={reload}
          />
        )}
      </div>
    </>
  );
}

function LeadPanel({
  loaded,
  statusRef,
  onClose,
  onChanged,
}: {
  loaded: Loaded<DetailAnswer> | undefined;
  statusRef: React.RefObject<HTMLSelectElement | null>;
  onClose(): void;
  onChanged(): void;
}) {
  // A change shows at once, over the answer it was made on, until the list and this lead load again (onChanged).
  const [changed, setChanged] = useState<{ on: typeof loaded; value: Pick<DetailAnswer, "lead" | "history"> }>();
  const answer = loaded?.answer && { ...loaded.answer, ...(changed?.on === loaded ? changed.value : {}) };
  const error = loaded?.error;

  return (
    <Card className="self-start p-5 sm:p-6">
      <button type="button" onClick={onClose} className="mb-4 text-sm font-semibold text-brand-700 hover:underline">
        ← Back to the inbox
      </button>
      <ErrorNote message={error} />
      {!answer && !error && <p className="text-sm text-muted">Loading the lead…</p>}
      {answer && (
        <article aria-labelledby="lead-subject">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id="lead-subject" className="text-xl font-bold text-ink [overflow-wrap:anywhere]">
                {answer.lead.subject}
              </h2>
              <p className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">
                {answer.lead.name && <span className="font-semibold text-ink">{answer.lead.name} </span>}
                <a className="text-brand-700 underline" href={`mailto:${answer.lead.email}`}>
                  {answer.lead.email}
                </a>{" "}
                · {dateTime(answer.lead.createdAt)}
              </p>
            </div>
            <Pill tone={statusTone[answer.lead.status]}>{leadStatusLabel[answer.lead.status]}</Pill>
          </div>
          <p className="mt-5 rounded-lg bg-surface p-4 text-sm leading-relaxed whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">
            {answer.lead.details}
          </p>
          <LeadPipeline
            lead={answer.lead}
            owners={answer.owners}
            history={answer.history}
            statusRef={statusRef}
            onChanged={(change) => {
              setChanged({ on: loaded, value: { lead: { ...answer.lead, ...change.lead }, history: change.history } });
              onChanged();
            }}
          />
          <section aria-labelledby="lead-origin" className="mt-6">
            <h3 id="lead-origin" className="mb-2 text-sm font-bold text-ink">
              Where they came from
            </h3>
            <dl className="space-y-2 text-sm">
              {originRows(answer.origin).map((row) => (
                <div key={row.term}>
                  <dt className="text-xs font-semibold text-muted">{row.term}</dt>
                  <dd className="text-ink [overflow-wrap:anywhere]">{row.text}</dd>
                </div>
              ))}
            </dl>
          </section>
          <Deliveries deliveries={answer.deliveries} />
          <h3 className="mt-6 mb-2 text-sm font-bold text-ink">Every stored field</h3>
          {/* Where the list is narrow (a phone) each label stands above its value, which takes the full width;
              long unbroken values (URLs, addresses) break anywhere rather than overflow. */}
          <div className="@container">
            <dl className="divide-y divide-line rounded-lg border border-line text-sm">
              {Object.entries(answer.lead.fields).map(([name, value]) => (
                <div key={name} className="grid gap-0.5 px-3 py-2 @md:grid-cols-[10rem_minmax(0,1fr)] @md:gap-3">
                  <dt className="font-mono text-xs leading-5 text-muted">{name}</dt>
                  <dd className="whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">
                    {value === null || value === "" ? <span className="text-muted">–</span> : String(value)}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </article>
      )}
    </Card>
  );
}

function Deliveries({ deliveries }: { deliveries: Delivery[] }) {
  const mails = deliveries.filter((d) => d.channel === "mail");
  return (
    <>
      <DeliveryCard title="Notification to sales" delivery={mails.at(-1)} />
      {deliveries
        .filter((d) => d.channel === "http")
        .map((d) => (
          <DeliveryCard key={d.id} title={`${d.what} to ${hostOf(d.target)}`} delivery={d} />
        ))}
    </>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
