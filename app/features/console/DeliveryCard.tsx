/**
 * Where one outbox delivery stands (a lead's notification and webhooks, a publish's CDN purge): its
 * state, when it was queued and sent or given up, its attempts, next attempt and last error.
 */
import type { DeliveryState as Delivery } from "#common/console-api.ts";
import { dateTime } from "./format.ts";
import { Pill } from "./ui.tsx";

export function DeliveryCard({ title, delivery }: { title: string; delivery: Delivery | undefined }) {
  const id = `delivery-${delivery?.id ?? "none"}`;
  return (
    <section aria-labelledby={id} className="@container mt-4 rounded-lg border border-line p-4 first-of-type:mt-6">
      <div className="flex items-center justify-between gap-3">
        <h3 id={id} className="text-sm font-bold text-ink">
          {title}
        </h3>
        {delivery?.state === "delivered" && <Pill tone="good">Sent</Pill>}
        {delivery?.state === "queued" &&
          (delivery.attempts ? <Pill tone="warn">Retrying</Pill> : <Pill tone="brand">Queued</Pill>)}
        {delivery?.state === "given up" && <Pill tone="bad">Given up</Pill>}
      </div>
      {!delivery ? (
        <p className="mt-2 text-sm text-muted">
          Not in the outbox: delivered mail is deleted after the retention period.
        </p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm @xl:grid-cols-4">
          <div>
            <dt className="text-xs text-muted">Queued at</dt>
            <dd className="text-ink">{dateTime(delivery.queuedAt)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{delivery.state === "given up" ? "Given up at" : "Sent at"}</dt>
            <dd className="text-ink">{delivery.doneAt ? dateTime(delivery.doneAt) : "not yet"}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Attempts</dt>
            <dd className="text-ink">{delivery.attempts}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Next attempt</dt>
            <dd className="text-ink">{delivery.nextAttemptAt ? dateTime(delivery.nextAttemptAt) : "–"}</dd>
          </div>
          {delivery.lastError && (
            <div className="col-span-full">
              <dt className="text-xs text-muted">Last error</dt>
              <dd className="font-mono text-xs text-danger-700 [overflow-wrap:anywhere]">{delivery.lastError}</dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}
