/** The console's small building blocks, in the site's design tokens (app/app.css). */
import type { FormEvent, ReactNode } from "react";

export const buttonClass =
  "inline-flex min-h-10 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60";
export const secondaryButtonClass =
  "inline-flex min-h-10 items-center justify-center gap-2 rounded-lg border border-line bg-white px-4 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-surface disabled:opacity-60";
export const dangerButtonClass =
  "inline-flex min-h-10 items-center justify-center gap-2 rounded-lg bg-danger-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-danger-700 disabled:opacity-60";
export const inputClass =
  "block min-h-10 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm placeholder:text-slate-500";
export const labelClass = "mb-1 block text-xs font-semibold tracking-wide text-muted uppercase";

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-xl border border-line bg-white shadow-sm ${className}`}>{children}</section>;
}

export function PageTitle({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {description && <p className="mt-1 max-w-2xl text-sm text-muted">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

const tones = {
  neutral: "bg-slate-100 text-slate-700",
  brand: "bg-brand-50 text-brand-700",
  good: "bg-emerald-50 text-emerald-800",
  warn: "bg-amber-50 text-amber-800",
  bad: "bg-danger-50 text-danger-700",
} as const;

export function Pill({ tone = "neutral", children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

export function ErrorNote({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-danger-600/30 bg-danger-50 px-4 py-3 text-sm text-danger-700">
      {message}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="px-6 py-12 text-center text-sm text-muted">{children}</p>;
}

/** "Showing 1–50 of 120" with previous and next. */
export function Pager({
  offset,
  pageSize,
  total,
  onOffset,
}: {
  offset: number;
  pageSize: number;
  total: number;
  onOffset(offset: number): void;
}) {
  if (total <= pageSize) return null;
  return (
    <nav
      aria-label="Pages"
      className="flex items-center justify-between gap-4 border-t border-line px-4 py-3 text-sm text-muted"
    >
      <p>
        Showing {offset + 1}–{Math.min(offset + pageSize, total)} of {total.toLocaleString("en-US")}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - pageSize))}
        >
          Previous
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={offset + pageSize >= total}
          onClick={() => onOffset(offset + pageSize)}
        >
          Next
        </button>
      </div>
    </nav>
  );
}

/** A field of a FilterBar: a search box, a date or a choice, named as the query parameter it sets. */
export interface FilterField {
  name: string;
  label: string;
  kind: "search" | "date" | "select";
  placeholder?: string;
  /** A row of its own (a search box above many choices). */
  wide?: boolean;
  /** A select's options: value and label ("" for all). */
  options?: readonly (readonly [value: string, label: string])[];
}

// The search box takes twice the room of a date or a choice; the fields wrap to rows as the width asks.
const filterFieldClass = { search: "grow-2 basis-64", date: "grow basis-32", select: "grow basis-40" } as const;

/**
 * The filter bar of a list (leads, subscribers): its fields and "Apply", plus "Clear" while a
 * filter is set; `values` are the filter in force (a change of them resets the fields).
 */
export function FilterBar({
  label,
  id,
  fields,
  values,
  onApply,
  onClear,
  className = "",
}: {
  label: string;
  id: string;
  fields: readonly FilterField[];
  values: Record<string, string>;
  onApply(values: Record<string, string>): void;
  onClear?: () => void;
  className?: string;
}) {
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply(Object.fromEntries(fields.map(({ name }) => [name, String(form.get(name) ?? "")])));
  };
  return (
    <form role="search" aria-label={label} onSubmit={apply} className={`flex flex-wrap items-end gap-3 ${className}`}>
      {fields.map((field) => {
        const common = {
          id: `${id}-${field.name}`,
          name: field.name,
          defaultValue: values[field.name] ?? "",
          className: inputClass,
        };
        return (
          <div
            key={`${field.name}${values[field.name] ?? ""}`}
            className={`min-w-0 ${field.wide ? "basis-full" : filterFieldClass[field.kind]}`}
          >
            <label htmlFor={common.id} className={labelClass}>
              {field.label}
            </label>
            {field.kind === "select" ? (
              <select {...common}>
                {field.options?.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            ) : (
              <input {...common} type={field.kind} placeholder={field.placeholder} />
            )}
          </div>
        );
      })}
      <div className="flex flex-none gap-2">
        <button type="submit" className={buttonClass}>
          Apply
        </button>
        {onClear && fields.some(({ name }) => values[name]) && (
          <button type="button" className={secondaryButtonClass} onClick={onClear}>
            Clear
          </button>
        )}
      </div>
    </form>
  );
}
