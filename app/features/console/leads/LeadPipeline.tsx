/**
 * A lead's place in the pipeline (issue 31): its status and owner, each saved as it is chosen,
 * notes, and its history (who changed what, when), newest last. Every change goes through
 * POST /admin/api/leads/:id, which answers the lead and its whole history.
 */
import { useState, type FormEvent, type RefObject } from "react";
import {
  leadStatuses,
  leadStatusLabel,
  maxNoteLength,
  type LeadChange,
  type LeadEvent,
  type LeadStatus,
} from "#common/lead-pipeline.ts";
import { api, ApiError } from "#app/features/console/api.ts";
import { dateTime } from "#app/features/console/format.ts";
import { buttonClass, ErrorNote, inputClass, labelClass } from "#app/features/console/ui.tsx";

export interface PipelineLead {
  id: number;
  name: string;
  email: string;
  status: LeadStatus;
  owner: string | null;
}

export function LeadPipeline({
  lead,
  owners,
  history,
  statusRef,
  onChanged,
}: {
  lead: PipelineLead;
  owners: string[];
  history: LeadEvent[];
  statusRef: RefObject<HTMLSelectElement | null>;
  onChanged(answer: { lead: PipelineLead; history: LeadEvent[] }): void;
}) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const who = lead.name || lead.email;

  const change = async (body: LeadChange, intent: string) => {
    setBusy(true);
    setError(undefined);
    try {
      onChanged(await api(`/leads/${lead.id}`, { method: "POST", body, intent }));
      return true;
    } catch (caught) {
      setError((caught as ApiError).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const addNote = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await change({ note }, `Add your note to ${who}`)) setNote("");
  };
  // An owner no longer an account still shows, so the select never claims "Nobody" wrongly.
  const choices = lead.owner && !owners.includes(lead.owner) ? [...owners, lead.owner] : owners;

  return (
    <section aria-labelledby="lead-pipeline" className="mt-5 rounded-lg border border-line p-4">
      <h3 id="lead-pipeline" className="sr-only">
        Pipeline
      </h3>
      <ErrorNote message={error} />
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="lead-status" className={labelClass}>
            Pipeline status
          </label>
          <select
            id="lead-status"
            ref={statusRef}
            className={inputClass}
            value={lead.status}
            disabled={busy}
            aria-keyshortcuts="e"
            onChange={(event) => {
              const status = event.target.value as LeadStatus;
              void change({ status }, `Mark as ${leadStatusLabel[status]} for ${who}`);
            }}
          >
            {leadStatuses.map((status) => (
              <option key={status} value={status}>
                {leadStatusLabel[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="lead-owner" className={labelClass}>
            Owner
          </label>
          <select
            id="lead-owner"
            aria-describedby="lead-owner-help"
            className={inputClass}
            value={lead.owner ?? ""}
            disabled={busy}
            onChange={(event) => {
              const owner = event.target.value;
              void change({ owner }, owner ? `Give ${who} to ${owner}` : `Take ${who} from ${lead.owner}`);
            }}
          >
            <option value="">Nobody</option>
            {choices.map((email) => (
              <option key={email} value={email}>
                {email}
              </option>
            ))}
          </select>
          {/* Leads are personal data, which only owner accounts may read: editors and viewers cannot own one. */}
          <p id="lead-owner-help" className="mt-1 text-xs text-muted">
            Any owner account: only owners can see leads.
          </p>
        </div>
      </div>
      <form onSubmit={addNote} className="mt-4">
        <label htmlFor="lead-note" className={labelClass}>
          Note
        </label>
        <textarea
          id="lead-note"
          className={`${inputClass} min-h-20`}
          value={note}
          maxLength={maxNoteLength}
          placeholder="What was said, what comes next"
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="mt-2 flex justify-end">
          <button type="submit" className={buttonClass} disabled={busy || !note.trim()}>
            Add note
          </button>
        </div>
      </form>
      <LeadHistory history={history} />
    </section>
  );
}

function LeadHistory({ history }: { history: LeadEvent[] }) {
  return (
    <section aria-labelledby="lead-history" className="mt-4 border-t border-line pt-4">
      <h3 id="lead-history" className="mb-2 text-sm font-bold text-ink">
        History
      </h3>
      {history.length === 0 ? (
        <p className="text-sm text-muted">No changes yet: the lead is as it came.</p>
      ) : (
        <ol className="space-y-3">
          {history.map((event) => (
            <li key={event.id} className="text-sm">
              <p className="text-ink [overflow-wrap:anywhere]">{describeEvent(event)}</p>
              {event.kind === "note" && (
                <p className="mt-1 rounded-md bg-surface px-3 py-2 whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">
                  {event.value}
                </p>
              )}
              <p className="mt-0.5 text-xs text-muted [overflow-wrap:anywhere]">
                {event.account || "Marked handled before statuses"} · {dateTime(event.at)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** One line per change: "Status: New → Contacted", "Owner: ann@example.com", "Note". */
export function describeEvent(event: LeadEvent): string {
  const label = (status: string | null) => leadStatusLabel[status as LeadStatus] ?? status;
  if (event.kind === "status") return `Status: ${label(event.previous)} → ${label(event.value)}`;
  if (event.kind === "owner") return event.value ? `Owner: ${event.value}` : `Owner removed (was ${event.previous})`;
  return "Note";
}
