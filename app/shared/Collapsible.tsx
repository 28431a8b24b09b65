import { useId, useState, type ReactNode } from "react";

/**
 * A section closed by default; its button toggles it and the arrow turns (spec §2).
 * `level` keeps the page's heading outline unbroken (a heading may not skip a level).
 */
export function Collapsible({ title, level = 3, children }: { title: string; level?: 2 | 3 | 4; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const Heading = `h${level}` as const;
  const panelId = useId();
  return (
    <div className="rounded-2xl border border-line bg-white">
      <Heading>
        <button
          type="button"
          className="flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-lg font-semibold text-ink hover:bg-surface"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((isOpen) => !isOpen)}
        >
          {title}
          <svg
            viewBox="0 0 20 20"
            className={`h-5 w-5 shrink-0 text-brand-600 transition-transform ${open ? "rotate-180" : ""}`}
            aria-hidden="true"
            data-arrow={open ? "up" : "down"}
          >
            <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </Heading>
      <div id={panelId} hidden={!open} className="border-t border-line px-5 py-4">
        {children}
      </div>
    </div>
  );
}
