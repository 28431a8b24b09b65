/**
 * A ranked list of visits per source, campaign, entry page, goal or device: each row a link that
 * filters the whole Usage page by it (issue 31), with a bar in proportion to the largest. Drawn
 * in HTML rather than SVG so names wrap and counts stay whole on a 320 px phone.
 */
import { Link } from "react-router";
import { count } from "./format.ts";

export interface VisitListRow {
  /** The filter's value, and the row's key unless `key` is given. */
  value: string;
  key?: string;
  label: string;
  /** The bar's figure (visits, or visits with the goal). */
  visits: number;
  /** A second figure under the name: "12 leads (8%)". */
  detail?: string;
  /** Where the row's link goes: this page filtered by it (none: the row is no filter). */
  href?: string;
  /** A link beside the row (the lead list under this source). */
  extra?: { href: string; label: string; name: string };
}

export function VisitList({
  label,
  rows,
  active,
  unit = "visits",
}: {
  /** What the list is, for screen readers ("Sources by visits"). */
  label: string;
  rows: VisitListRow[];
  /** The value the page is filtered by, if it is one of these rows. */
  active?: string;
  unit?: string;
}) {
  const top = Math.max(1, ...rows.map((row) => row.visits));
  return (
    <ol aria-label={label} className="space-y-1.5">
      {rows.map((row) => (
        <li
          key={row.key ?? row.value}
          className="relative flex items-center gap-3 rounded-md px-2 py-1.5 hover:bg-surface"
        >
          <span
            aria-hidden="true"
            className={`absolute inset-y-0 left-0 rounded-md ${row.value === active ? "bg-brand-100" : "bg-brand-50"}`}
            style={{ width: `${(row.visits / top) * 100}%` }}
          />
          <span className="relative min-w-0 flex-1">
            {row.href ? (
              <Link
                to={row.href}
                aria-current={row.value === active ? "true" : undefined}
                className="font-semibold break-words text-ink underline-offset-2 hover:text-brand-700 hover:underline focus-visible:underline"
              >
                {row.label}
              </Link>
            ) : (
              <span className="font-semibold break-words text-ink">{row.label}</span>
            )}
            {row.detail && <span className="block text-xs text-muted">{row.detail}</span>}
          </span>
          {row.extra && (
            <Link
              to={row.extra.href}
              aria-label={row.extra.name}
              className="relative shrink-0 rounded px-1 text-xs font-semibold text-brand-700 hover:underline"
            >
              {row.extra.label}
            </Link>
          )}
          <span className="relative shrink-0 text-sm font-semibold text-ink tabular-nums">
            {count(row.visits)}
            {/* Seen as well as heard: a bare number beside a "Leads" link read as leads. */}
            <span className="text-xs font-normal text-muted"> {row.visits === 1 ? "visit" : "visits"}</span>
            {unit !== "visits" && <span className="sr-only"> {unit.replace(/^visits ?/, "")}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
