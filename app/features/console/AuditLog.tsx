/**
 * The audit log (owners), by kind: the team's actions by default (sign-ins, exports, erasures,
 * content, account changes), failed sign-ins (counted per address and minute, "×N") on their own.
 */
import { useEffect, useRef, useState } from "react";
import { auditKinds, defaultAuditKind, type AuditKind } from "#common/console-audit.ts";
import { load, queryOf, type Loaded } from "./api.ts";
import { dateTime } from "./format.ts";
import { Card, Empty, ErrorNote, FilterBar, PageTitle, Pill, secondaryButtonClass, type FilterField } from "./ui.tsx";

interface Entry {
  at: string;
  account: string;
  address: string;
  action: string;
  detail: string;
  /** Times in its minute (or hour, "… and N more"): failed sign-ins are counted in one row, not written one by one. */
  count: number;
}

const kindField: FilterField = { name: "kind", label: "Show", kind: "select", options: auditKinds };

const tone = (action: string) =>
  action === "sign-in-failed" ? "bad" : action === "erase" ? "warn" : action.startsWith("sign") ? "neutral" : "brand";

interface Page {
  entries: Entry[];
  pageSize: number;
}
const pathOf = (kind: AuditKind, offset: number) =>
  `/audit${queryOf({ kind: kind === defaultAuditKind ? undefined : kind, offset: offset || undefined })}`;

/** The route's loader (app/routes/console-audit.tsx): the first page of the team's actions. */
export const loadAuditLog = (): Promise<Loaded<Page>> => load<Page>(pathOf(defaultAuditKind, 0));

/**
 * `first`: the first page of the default kind, from the route's loader; without it (the component
 * on its own) it is asked for here. Another kind or page is asked for when chosen.
 */
export function AuditLog({ first }: { first?: Loaded<Page> }) {
  const [kind, setKind] = useState<AuditKind>(defaultAuditKind);
  const [offset, setOffset] = useState(0);
  const [answer, setAnswer] = useState(first?.answer);
  const [error, setError] = useState(first?.error);
  // Only the last choice's answer is shown, whichever arrives last.
  const latest = useRef(0);
  const fetchPage = (nextKind: AuditKind, nextOffset: number) => {
    const asked = ++latest.current;
    return load<Page>(pathOf(nextKind, nextOffset)).then((found) => {
      if (asked !== latest.current) return;
      if (found.answer) setAnswer(found.answer);
      setError(found.error);
    });
  };
  const show = (nextKind: AuditKind, nextOffset: number) => {
    setKind(nextKind);
    setOffset(nextOffset);
    void fetchPage(nextKind, nextOffset);
  };
  useEffect(() => {
    // Once, for the component on its own: in the console its route's loader gave the first page.
    if (!first) void fetchPage(defaultAuditKind, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <PageTitle
        title="Audit log"
        description="Who signed in, signed out, exported or erased data, changed content, and every account change, newest first; failed sign-ins, which anyone can cause, have a view of their own. A data request's address is shown as a keyed hash (hmac:…), never in plain text."
      />
      <ErrorNote message={error} />
      <Card className="overflow-hidden">
        <FilterBar
          label="Filter the audit log"
          id="audit"
          fields={[kindField]}
          values={{ kind }}
          onApply={(values) =>
            void show(auditKinds.find(([value]) => value === values.kind)?.[0] ?? defaultAuditKind, 0)
          }
          className="border-b border-line p-4"
        />
        {answer && !answer.entries.length && <Empty>Nothing of this kind logged yet.</Empty>}
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
                          title={`${entry.count} times`}
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
              onClick={() => show(kind, Math.max(0, offset - answer.pageSize))}
            >
              Newer
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={answer.entries.length < answer.pageSize}
              onClick={() => show(kind, offset + answer.pageSize)}
            >
              Older
            </button>
          </div>
        )}
      </Card>
    </>
  );
}
