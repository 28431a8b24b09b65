/** The audit log (owners): sign-ins and failures (counted per minute, "×N"), sign-outs, exports, erasures and account changes. */
import { useEffect, useState } from "react";
import { api, ApiError, queryOf } from "./api.ts";
import { dateTime } from "./format.ts";
import { Card, Empty, ErrorNote, PageTitle, Pill, secondaryButtonClass } from "./ui.tsx";

interface Entry {
  at: string;
  account: string;
  address: string;
  action: string;
  detail: string;
  /** Times in its minute: failed sign-ins are counted in one row, not written one by one. */
  count: number;
}

const tone = (action: string) =>
  action === "sign-in-failed" ? "bad" : action === "erase" ? "warn" : action.startsWith("sign") ? "neutral" : "brand";

export function AuditLog() {
  const [offset, setOffset] = useState(0);
  const [answer, setAnswer] = useState<{ entries: Entry[]; pageSize: number }>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let current = true;
    api<{ entries: Entry[]; pageSize: number }>(`/audit${queryOf({ offset: offset || undefined })}`).then(
      (found) => current && (setAnswer(found), setError(undefined)),
      (caught: ApiError) => current && setError(caught.message),
    );
    return () => void (current = false);
  }, [offset]);

  return (
    <>
      <PageTitle
        title="Audit log"
        description="Who signed in (and who failed to), signed out, exported or erased data, and every account change, newest first. A data request's address is shown as a keyed hash (hmac:…), never in plain text."
      />
      <ErrorNote message={error} />
      <Card className="overflow-hidden">
        {answer && !answer.entries.length && <Empty>Nothing logged yet.</Empty>}
        {answer && answer.entries.length > 0 && (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Audit log table">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Audit log</caption>
              <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
                <tr>
                  {["Time", "Action", "Account", "Address", "Detail"].map((head, i) => (
                    <th
                      key={head}
                      scope="col"
                      className={`px-4 py-2.5 font-semibold ${i > 1 ? "hidden md:table-cell" : i ? "text-right md:text-left" : ""}`}
                    >
                      {head}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {answer.entries.map((entry, i) => (
                  <tr key={`${entry.at}${i}`}>
                    <td className="px-4 py-3 align-top text-muted">
                      <span className="whitespace-nowrap">{dateTime(entry.at)}</span>
                      {/* Below md the account, address and detail go under the time instead of three squeezed columns. */}
                      <span className="mt-1 block text-xs md:hidden">
                        <span className="block text-sm text-ink [overflow-wrap:anywhere]">{entry.account || "–"}</span>
                        {entry.detail && <span className="block [overflow-wrap:anywhere]">{entry.detail}</span>}
                        <span className="block font-mono">{entry.address}</span>
                      </span>
                    </td>
                    <td className="px-4 py-3 text-right align-top md:text-left">
                      <Pill tone={tone(entry.action)}>{entry.action.replace(/-/g, " ")}</Pill>
                      {entry.count > 1 && (
                        <span
                          className="ml-1.5 font-semibold whitespace-nowrap text-ink"
                          title={`${entry.count} times within this minute`}
                        >
                          ×{entry.count}
                        </span>
                      )}
                    </td>
                    <td className="hidden px-4 py-3 text-ink [overflow-wrap:anywhere] md:table-cell">
                      {entry.account || "–"}
                    </td>
                    <td className="hidden px-4 py-3 font-mono text-xs text-muted md:table-cell">{entry.address}</td>
                    <td className="hidden px-4 py-3 text-muted [overflow-wrap:anywhere] md:table-cell">
                      {entry.detail}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {answer && (offset > 0 || answer.entries.length === answer.pageSize) && (
          <div className="flex justify-end gap-2 border-t border-line px-4 py-3">
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - answer.pageSize))}
            >
              Newer
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={answer.entries.length < answer.pageSize}
              onClick={() => setOffset(offset + answer.pageSize)}
            >
              Older
            </button>
          </div>
        )}
      </Card>
    </>
  );
}
