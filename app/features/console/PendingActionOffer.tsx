/**
 * After a sign-in that a refused change led to: the change in words with "Do it" and "Not now"
 * (issue 31 point 7). It is sent again only when asked: the page may have changed meanwhile.
 */
import { useState } from "react";
import { api, ApiError, type PendingAction } from "./api.ts";
import { buttonClass, ErrorNote, secondaryButtonClass } from "./ui.tsx";

export function PendingActionOffer({
  pending,
  onDone,
  onDismiss,
}: {
  pending: PendingAction;
  onDone(): void;
  onDismiss(): void;
}) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const doIt = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api(pending.path, { method: pending.method, body: pending.body, intent: pending.intent });
      onDone();
    } catch (caught) {
      setError((caught as ApiError).message);
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="pending-action"
      className="mb-6 rounded-xl border border-brand-600/30 bg-brand-50 p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id="pending-action" className="min-w-0 text-sm font-semibold text-ink [overflow-wrap:anywhere]">
          {pending.intent}?
          <span className="block text-xs font-normal text-muted">Your session ended before this was saved.</span>
        </p>
        <div className="flex flex-none gap-2">
          <button type="button" className={buttonClass} onClick={doIt} disabled={busy}>
            Do it
          </button>
          <button type="button" className={secondaryButtonClass} onClick={onDismiss} disabled={busy}>
            Not now
          </button>
        </div>
      </div>
      {error && (
        <div className="mt-3">
          <ErrorNote message={error} />
        </div>
      )}
    </section>
  );
}
