import { useSyncExternalStore } from "react";
import { serverSnapshot, toaster, type ToastType } from "./toasts.ts";

const look: Record<ToastType, { box: string; label: string }> = {
  success: { box: "border-brand-600 bg-brand-50", label: "Success" },
  info: { box: "border-line bg-white", label: "Information" },
  warn: { box: "border-accent-600 bg-accent-50", label: "Warning" },
};

/**
 * The site's toasts, fixed at the bottom so they never move the page. The live region is
 * always in the document, so screen readers announce each toast as it is added.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(toaster.subscribe, toaster.snapshot, serverSnapshot);
  return (
    <div
      aria-live="polite"
      aria-label="Notifications"
      role="region"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          data-toast={toast.type}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border-l-4 p-4 text-base text-ink shadow-lg ${look[toast.type].box}`}
        >
          <p className="flex-1">
            <span className="sr-only">{look[toast.type].label}: </span>
            {toast.text}
          </p>
          <button
            type="button"
            onClick={() => toaster.dismiss(toast.id)}
            className="-m-1 flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-black/5 hover:text-ink"
            aria-label="Close notification"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
