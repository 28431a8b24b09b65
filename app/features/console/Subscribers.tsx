/** Newsletter subscribers (owners): counts by status, the list with search, confirmed ones as CSV. */
import { useEffect, useState } from "react";
import { consoleApiPath } from "#common/console.ts";
import { api, ApiError, queryOf } from "./api.ts";
import { count, dateOnly } from "./format.ts";
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

export function Subscribers() {
  const [filter, setFilter] = useState<Record<string, string>>({});
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
          onApply={(values) => (setFilter(values), setOffset(0))}
          onClear={() => (setFilter({}), setOffset(0))}
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
                          ]
                            .filter(Boolean)
                            .join(" · ")}
                        </span>
                      </td>
                      <td className="hidden px-4 py-3 text-ink sm:table-cell">{name || "–"}</td>
                      <td className="px-4 py-3 text-right sm:text-left">
                        <Pill tone={statusTone[s.status]}>{statusLabel[s.status]}</Pill>
                      </td>
                      <td className="hidden px-4 py-3 whitespace-nowrap text-muted sm:table-cell">
                        {dateOnly(s.createdAt)}
                      </td>
                      <td className="hidden px-4 py-3 whitespace-nowrap text-muted sm:table-cell">
                        {dateOnly(s.confirmedAt)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {answer && <Pager offset={offset} pageSize={answer.pageSize} total={answer.total} onOffset={setOffset} />}
      </Card>
    </>
  );
}
