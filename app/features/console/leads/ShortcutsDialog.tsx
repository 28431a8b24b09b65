/** The inbox's keyboard shortcuts in a modal dialog (native <dialog>: focus kept inside, Esc closes). */
import { useEffect, useRef } from "react";
import { secondaryButtonClass } from "#app/features/console/ui.tsx";
import { leadShortcuts } from "./lead-keys.ts";

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="lead-shortcuts-title"
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-xl border border-line bg-white p-6 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id="lead-shortcuts-title" className="text-lg font-bold text-ink">
        Keyboard shortcuts
      </h2>
      <dl className="mt-4 divide-y divide-line text-sm">
        {leadShortcuts.map(({ keys, what }) => (
          <div key={keys} className="flex items-center gap-4 py-2">
            <dt className="w-8 shrink-0">
              <kbd className="inline-flex min-w-7 justify-center rounded-md border border-line bg-surface px-2 py-0.5 font-mono text-sm font-semibold text-ink shadow-sm">
                {keys}
              </kbd>
            </dt>
            <dd className="text-ink">{what}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-muted">Shortcuts work when no field has the focus.</p>
      <form method="dialog" className="mt-5 flex justify-end">
        <button type="submit" className={secondaryButtonClass}>
          Close
        </button>
      </form>
    </dialog>
  );
}
