/**
 * The leads inbox (owners): newest first, searchable by words and dates, filtered by handled;
 * a lead's detail with every stored field and the delivery of its notification to sales. The
 * filter lives in the URL, so a reload or a shared link shows the same, and the CSV download
 * is of exactly that filter.
 */
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { consoleApiPath, consolePath } from "#common/console.ts";
import type { DeliveryState as Delivery } from "#common/console-api.ts";
import { api, ApiError, queryOf } from "./api.ts";
import { DeliveryCard } from "./DeliveryCard.tsx";
import { dateTime, plural } from "./format.ts";
import {
  buttonClass,
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

interface LeadSummary {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  subject: string;
  handledAt: string | null;
}
interface LeadDetail extends LeadSummary {
  details: string;
  fields: Record<string, unknown>;
}

const filterFields: readonly FilterField[] = [
  { name: "q", label: "Search", kind: "search", placeholder: "E-mail, name or words" },
  { name: "from", label: "From", kind: "date" },
  { name: "to", label: "To", kind: "date" },
  {
    name: "handled",
    label: "Status",
    kind: "select",
    options: [
      ["", "All leads"],
      ["no", "Not handled"],
      ["yes", "Handled"],
    ],
  },
];

export function LeadsInbox() {
  // The query string through useLocation and useNavigate, which the public pages use too (useSearchParams
  // would add router code to the chunk every page loads).
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const setParams = (next: URLSearchParams) => navigate({ search: next.size ? `?${next}` : "" });
  const filter: Record<string, string> = Object.fromEntries(
    filterFields.map(({ name }) => [name, params.get(name) ?? ""]),
  );
  const offset = Number(params.get("offset") ?? 0);
  const selected = params.get("id");
  const [list, setList] = useState<{ leads: LeadSummary[]; total: number; pageSize: number }>();
  const [error, setError] = useState<string>();
  const [reload, setReload] = useState(0);
  const query = queryOf({ ...filter, offset: offset || undefined });

  useEffect(() => {
    let current = true;
    api<{ leads: LeadSummary[]; total: number; pageSize: number }>(`/leads${query}`).then(
      (answer) => current && (setList(answer), setError(undefined)),
      (caught: ApiError) => current && setError(caught.message),
    );
    return () => void (current = false);
  }, [query, reload]);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value) next.set(key, value);
      else next.delete(key);
    setParams(next);
  };
  const csvHref = `${consoleApiPath}/leads.csv${queryOf(filter)}`;
  const filtered = Object.values(filter).some(Boolean);

  return (
    <>
      <PageTitle
        title="Leads"
        description="Every message sent through the contact form, newest first."
        actions={
          <a href={csvHref} download className={secondaryButtonClass}>
            Download CSV
          </a>
        }
      />
      <Card className={`mb-6 p-4 ${selected ? "hidden xl:block" : ""}`}>
        <FilterBar
          label="Filter leads"
          id="leads"
          fields={filterFields}
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
                  {filtered ? " match the filter" : ""}
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
                  to={`${consolePath}/leads${queryOf({ ...filter, offset: offset || undefined, id: lead.id })}`}
                  aria-current={String(lead.id) === selected ? "true" : undefined}
                  className={`block px-4 py-3.5 hover:bg-surface ${String(lead.id) === selected ? "bg-brand-50" : ""}`}
                >
                  <span className="flex items-baseline justify-between gap-3">
                    <span className="truncate font-semibold text-ink">{lead.name || lead.email}</span>
                    <span className="shrink-0 text-xs text-muted">{dateTime(lead.createdAt)}</span>
                  </span>
                  <span className="mt-0.5 flex items-center justify-between gap-3">
                    <span className="truncate text-sm text-muted">
                      {lead.subject} · {lead.email}
                    </span>
                    {lead.handledAt ? <Pill tone="good">Handled</Pill> : <Pill tone="brand">New</Pill>}
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
            id={selected}
            onClose={() => update({ id: undefined })}
            onChanged={() => setReload((n) => n + 1)}
          />
        )}
      </div>
    </>
  );
}

function LeadPanel({ id, onClose, onChanged }: { id: string; onClose(): void; onChanged(): void }) {
  const [answer, setAnswer] = useState<{ lead: LeadDetail; deliveries: Delivery[] }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    api<{ lead: LeadDetail; deliveries: Delivery[] }>(`/leads/${encodeURIComponent(id)}`).then(
      (found) => current && (setAnswer(found), setError(undefined)),
      (caught: ApiError) => current && setError(caught.message),
    );
    return () => void (current = false);
  }, [id]);

  const toggle = async () => {
    if (!answer) return;
    setBusy(true);
    try {
      const { lead } = await api<{ lead: LeadDetail }>(`/leads/${answer.lead.id}/handled`, {
        method: "POST",
        body: { handled: !answer.lead.handledAt },
      });
      setAnswer({ ...answer, lead });
      onChanged();
    } catch (caught) {
      setError((caught as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

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
            <button
              type="button"
              onClick={toggle}
              disabled={busy}
              className={answer.lead.handledAt ? secondaryButtonClass : buttonClass}
            >
              {answer.lead.handledAt ? "Mark as not handled" : "Mark as handled"}
            </button>
          </div>
          {answer.lead.handledAt && (
            <p className="mt-2 text-sm text-muted">Handled {dateTime(answer.lead.handledAt)}</p>
          )}
          <p className="mt-5 rounded-lg bg-surface p-4 text-sm leading-relaxed whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">
            {answer.lead.details}
          </p>
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
