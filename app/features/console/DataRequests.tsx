/**
 * Data requests (owners): everything stored about one e-mail address, as one JSON download,
 * and its erase after a confirmation step (typing the address again). Both are audited.
 */
import { useState, type FormEvent } from "react";
import { api, ApiError, download } from "./api.ts";
import { count, plural } from "./format.ts";
import {
  buttonClass,
  Card,
  dangerButtonClass,
  ErrorNote,
  inputClass,
  labelClass,
  PageTitle,
  secondaryButtonClass,
} from "./ui.tsx";

interface Records {
  email: string;
  leads: Record<string, unknown>[];
  subscribers: Record<string, unknown>[];
  mails: Record<string, unknown>[];
  visitIds: string[];
}

const groups = [
  { key: "leads", title: "Leads", note: "Messages sent through the contact form" },
  { key: "subscribers", title: "Subscriber records", note: "Newsletter sign-ups, one per list" },
  { key: "mails", title: "Mails in the outbox", note: "Notifications and confirmations, until deleted after delivery" },
  { key: "visitIds", title: "Linked visit ids", note: "Anonymous visits its leads came from" },
] as const;

export function DataRequests() {
  const [records, setRecords] = useState<Records>();
  const [error, setError] = useState<string>();
  const [erasing, setErasing] = useState(false);
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (caught) {
      setError((caught as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  const lookUp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    void run(async () => {
      setDone(undefined);
      setErasing(false);
      setRecords(await api<Records>("/data-requests", { method: "POST", body: { email } }));
    });
  };

  const exportAll = () =>
    run(async () => {
      const file = await api<Records>("/data-requests/export", { method: "POST", body: { email: records!.email } });
      download(`data-request-${records!.email}.json`, file);
    });

  const erase = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const confirm = String(new FormData(event.currentTarget).get("confirm") ?? "");
    void run(async () => {
      const { erased } = await api<{ erased: Record<string, number> & { scrubbed: boolean } }>("/data-requests/erase", {
        method: "POST",
        body: { email: records!.email, confirm },
      });
      setDone(
        `Erased for ${records!.email}: ${plural(erased.leads, "lead")}, ${plural(erased.subscribers, "subscriber record")}, ${plural(erased.mails, "mail")}, ${plural(erased.mailFiles, "mail file")}, the visits of ${plural(erased.visitors, "visitor id")}; ${plural(erased.webhooks, "webhook")} told.${erased.scrubbed ? "" : " The database files still hold traces until its next checkpoint: erase again later."} Delete the lead in the CRM by hand if it went there.`,
      );
      setRecords(await api<Records>("/data-requests", { method: "POST", body: { email: records!.email } }));
      setErasing(false);
    });
  };

  const total = records
    ? records.leads.length + records.subscribers.length + records.mails.length + records.visitIds.length
    : 0;

  return (
    <>
      <PageTitle
        title="Data requests"
        description="Find everything stored about one e-mail address, to answer a request for disclosure (within 45 days) or to erase it."
      />
      <Card className="mb-6 p-5">
        <form onSubmit={lookUp} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
          <div>
            <label htmlFor="request-email" className={labelClass}>
              E-mail address
            </label>
            <input
              id="request-email"
              name="email"
              type="email"
              required
              placeholder="name@example.com"
              className={inputClass}
            />
          </div>
          <button type="submit" className={buttonClass} disabled={busy}>
            Find stored data
          </button>
        </form>
      </Card>
      <ErrorNote message={error} />
      {done && (
        <p
          role="status"
          className="mb-6 rounded-lg border border-brand-600/30 bg-brand-50 px-4 py-3 text-sm text-brand-800"
        >
          {done}
        </p>
      )}
      {!records && !error && (
        // Before a look-up: what it will find and what can be done with it, instead of an empty page.
        <section aria-labelledby="request-scope" className="rounded-xl border border-dashed border-line p-5 sm:p-6">
          <h2 id="request-scope" className="text-sm font-bold text-ink">
            What a look-up finds
          </h2>
          <ul className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            {groups.map((group) => (
              <li key={group.key}>
                <span className="font-semibold text-ink">{group.title}</span>
                <span className="block text-xs text-muted">{group.note}</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-muted">
            Found records can be downloaded as one JSON file (a request for disclosure) or erased after typing the
            address again (a request for erasure). Every look-up, download and erase is written to the audit log.
          </p>
        </section>
      )}
      {records && (
        <Card className="p-5 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h2 className="text-lg font-bold text-ink [overflow-wrap:anywhere]">{records.email}</h2>
              <p className="mt-1 text-sm text-muted">
                {total ? `${plural(total, "stored record")} found.` : "Nothing is stored about this address."}
              </p>
            </div>
            {total > 0 && (
              <div className="flex flex-wrap gap-2">
                <button type="button" className={secondaryButtonClass} onClick={exportAll} disabled={busy}>
                  Download JSON
                </button>
                <button
                  type="button"
                  className={dangerButtonClass}
                  onClick={() => setErasing(true)}
                  disabled={busy || erasing}
                >
                  Erase…
                </button>
              </div>
            )}
          </div>
          <div className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {groups.map((group) => (
              // On a phone the figure stands beside its title rather than above it: four short rows, not four tall cards.
              <div
                key={group.key}
                className="flex items-baseline gap-3 rounded-lg border border-line p-3 sm:block sm:p-4"
              >
                <p className="w-8 shrink-0 text-2xl font-bold text-ink tabular-nums sm:w-auto">
                  {count(records[group.key].length)}
                </p>
                <div>
                  <p className="text-sm font-semibold text-ink">{group.title}</p>
                  <p className="text-xs text-muted">{group.note}</p>
                </div>
              </div>
            ))}
          </div>
          {erasing && (
            <form
              onSubmit={erase}
              className="mt-6 rounded-lg border border-danger-600/40 bg-danger-50 p-5"
              aria-labelledby="erase-title"
            >
              <h3 id="erase-title" className="font-bold text-danger-700">
                Erase everything stored about {records.email}?
              </h3>
              <p className="mt-1 text-sm text-ink">
                This deletes its leads, subscriber records, mails (queued, sent and saved as files) and the measurement
                rows of its visitor ids, and tells the webhook endpoints (lead.erased, subscriber.erased). The audit log
                keeps only a keyed hash of the address. It cannot be undone; download the JSON first if the person asked
                for a copy. A lead sent to the CRM must be deleted there.
              </p>
              <label htmlFor="erase-confirm" className="mt-4 mb-1 block text-sm font-semibold text-ink">
                Type the address to confirm
              </label>
              <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
                <input
                  id="erase-confirm"
                  name="confirm"
                  type="email"
                  required
                  autoComplete="off"
                  className={inputClass}
                />
                <button type="submit" className={dangerButtonClass} disabled={busy}>
                  Erase for good
                </button>
                <button type="button" className={secondaryButtonClass} onClick={() => setErasing(false)}>
                  Cancel
                </button>
              </div>
            </form>
          )}
          {total > 0 && (
            <details className="mt-6">
              <summary className="cursor-pointer text-sm font-semibold text-brand-700">Show the stored records</summary>
              <pre className="mt-3 max-h-96 overflow-auto rounded-lg bg-surface p-4 text-xs leading-relaxed text-ink">
                {JSON.stringify(records, null, 2)}
              </pre>
            </details>
          )}
        </Card>
      )}
    </>
  );
}
