/**
 * Importing subscribers from a CSV (/admin/campaigns/import, owners): the file is checked whole
 * on the server; a malformed row is listed with its line and nothing is imported until the file
 * is fixed. Rows with a consent date come in confirmed; the others get a confirmation mail.
 */
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { api, ApiError } from "#app/features/console/api.ts";
import { count } from "#app/features/console/format.ts";
import { buttonClass, Card, ErrorNote, inputClass, labelClass, PageTitle } from "#app/features/console/ui.tsx";
import { campaignsPath } from "./paths.ts";

interface Outcome {
  confirmed: number;
  awaitingConfirmation: number;
  alreadyListed: number;
}
type Problem = { line: number; message: string };

export function SubscriberImport() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [problems, setProblems] = useState<Problem[]>([]);
  const [outcome, setOutcome] = useState<Outcome>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("file");
    if (!(file instanceof File) || file.size === 0) return setError("Choose a CSV file first.");
    setBusy(true);
    setError(undefined);
    setProblems([]);
    setOutcome(undefined);
    try {
      setOutcome(await api<Outcome>("/subscribers/import", { method: "POST", body: { csv: await file.text() } }));
    } catch (failure) {
      setError((failure as Error).message);
      if (failure instanceof ApiError && Array.isArray(failure.body.problems))
        setProblems(failure.body.problems as Problem[]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={campaignsPath} className="font-semibold text-brand-700 hover:underline">
          ← All campaigns
        </Link>
      </p>
      <PageTitle
        title="Import subscribers"
        description="A CSV with the columns email, first_name, last_name, consent_date and source. Rows with a consent date are imported as confirmed; the others get a confirmation mail within the mail limits. Addresses already on the list are left as they are."
      />
      <div className="space-y-4">
        <Card className="p-4 sm:p-5">
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
            <div className="min-w-0 grow basis-64">
              <label htmlFor="import-file" className={labelClass}>
                CSV file
              </label>
              <input id="import-file" name="file" type="file" accept=".csv,text/csv" className={inputClass} />
            </div>
            <button type="submit" className={buttonClass} disabled={busy}>
              {busy ? "Importing…" : "Import"}
            </button>
          </form>
        </Card>
        <ErrorNote message={error} />
        {problems.length > 0 && (
          <Card className="p-4 sm:p-5">
            <h2 className="text-base font-semibold text-ink">Rows to fix</h2>
            <ul className="mt-2 space-y-1 text-sm" aria-label="Rows to fix">
              {problems.map((problem) => (
                <li key={problem.line}>
                  <span className="font-semibold text-ink">Line {problem.line}:</span>{" "}
                  <span className="text-muted">{problem.message}</span>
                </li>
              ))}
            </ul>
          </Card>
        )}
        {outcome && (
          <p
            role="status"
            className="rounded-lg border border-emerald-600/30 bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
          >
            Imported: {count(outcome.confirmed)} confirmed, {count(outcome.awaitingConfirmation)} to confirm by mail;{" "}
            {count(outcome.alreadyListed)} already on the list.
          </p>
        )}
      </div>
    </>
  );
}
