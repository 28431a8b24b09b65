/** Newsletter subscribers (owners): counts by status, the list with search, confirmed ones as CSV. */
import { useEffect, useState, type FormEvent } from "react";
import { consoleApiPath } from "#common/console.ts";
import { api, ApiError, queryOf } from "./api.ts";
import { count, dateOnly } from "./format.ts";
import { buttonClass, Card, Empty, ErrorNote, inputClass, labelClass, PageTitle, Pager, Pill, secondaryButtonClass } from "./ui.tsx";

type Status = "pending" | "subscribed" | "unsubscribed";
interface Subscriber {
  id: number;
  list: string;
  email: string;
  firstName: string;
  lastName: string;
  status: Status;
  createdAt: string;
  confirmedAt: string | null;
}
interface Answer {
  counts: Record<Status, number>;
  total: number;
  pageSize: number;
  subscribers: Subscriber[];
}

const statusLabel: Record<Status, string> = { pending: "Pending", subscribed: "Confirmed", unsubscribed: "Unsubscribed" };
const statusTone = { pending: "warn", subscribed: "good", unsubscribed: "neutral" } as const;

export function Subscribers() {
  const [filter, setFilter] = useState({ q: "", status: "" });
  const [offset, setOffset] = useState(0);
  const [answer, setAnswer] = useState<Answer>();
  const [error, setError] = useState<string>();
  const query = queryOf({ ...filter, offset: offset || undefined });

  useEffect(() => {
    let current = true;
    api<Answer>(`/subscribers${query}`).then(
      (found) => current && (setAnswer(found), setError(undefined)),
      (caught: ApiError) => current && setError(caught.message),
    );
    return () => void (current = false);
  }, [query]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilter({ q: String(form.get("q") ?? ""), status: String(form.get("status") ?? "") });
    setOffset(0);
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
      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        {(["subscribed", "pending", "unsubscribed"] as const).map((status) => (
          <Card key={status} className="p-5">
            <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">{statusLabel[status]}</h2>
            <p className="mt-1 text-3xl font-bold text-ink tabular-nums">{answer ? count(answer.counts[status]) : "–"}</p>
          </Card>
        ))}
      </div>
      <Card className="overflow-hidden">
        <form
          role="search"
          aria-label="Filter subscribers"
          onSubmit={submit}
          className="grid gap-3 border-b border-line p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end"
        >
          <div>
            <label htmlFor="subscribers-q" className={labelClass}>
              Search
            </label>
            <input id="subscribers-q" name="q" type="search" placeholder="E-mail or name" className={inputClass} />
          </div>
          <div>
            <label htmlFor="subscribers-status" className={labelClass}>
              Status
            </label>
            <select id="subscribers-status" name="status" className={inputClass}>
              <option value="">Every status</option>
              <option value="subscribed">Confirmed</option>
              <option value="pending">Pending</option>
              <option value="unsubscribed">Unsubscribed</option>
            </select>
          </div>
          <button type="submit" className={buttonClass}>
            Apply
          </button>
        </form>
        {answer && !answer.subscribers.length && <Empty>No subscriber matches.</Empty>}
        {answer && answer.subscribers.length > 0 && (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Subscribers table">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Subscribers</caption>
              <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    E-mail
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    Signed up
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    Confirmed
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {answer.subscribers.map((s) => (
                  <tr key={s.id}>
                    <td className="px-4 py-3 font-medium break-all text-ink">{s.email}</td>
                    <td className="px-4 py-3 text-ink">{[s.firstName, s.lastName].filter(Boolean).join(" ") || "–"}</td>
                    <td className="px-4 py-3">
                      <Pill tone={statusTone[s.status]}>{statusLabel[s.status]}</Pill>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-muted">{dateOnly(s.createdAt)}</td>
                    <td className="px-4 py-3 whitespace-nowrap text-muted">{dateOnly(s.confirmedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {answer && <Pager offset={offset} pageSize={answer.pageSize} total={answer.total} onOffset={setOffset} />}
      </Card>
    </>
  );
}
