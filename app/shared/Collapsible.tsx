import { useState, type ReactNode } from "react";

/**
 * A section closed by default; its summary toggles it and the arrow turns (requirements §2). A native
 * <details>, so it opens before the app has started and without JavaScript; the arrow turns by
 * CSS (open:), and data-arrow mirrors it once the app runs.
 * `level` keeps the page's heading outline unbroken (a heading may not skip a level).
 */
export function Collapsible({ title, level = 3, children }: { title: string; level?: 2 | 3 | 4; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const Heading = `h${level}` as const;
  return (
    <details
      className="group rounded-2xl border border-line bg-white"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left hover:bg-surface [&::-webkit-details-marker]:hidden">
        <Heading className="text-lg font-semibold text-ink">{title}</Heading>
        <svg
          viewBox="0 0 20 20"
          className="h-5 w-5 shrink-0 text-brand-600 transition-transform group-open:rotate-180"
          aria-hidden="true"
          data-arrow={open ? "up" : "down"}
        >
          <path
            d="M5 7.5 10 12.5 15 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </summary>
      <div className="border-t border-line px-5 py-4">{children}</div>
    </details>
  );
}
