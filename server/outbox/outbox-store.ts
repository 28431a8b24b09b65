/**
 * What the outbox needs from storage, apart from the worker (outbox.ts) that uses it: the
 * features queue their mails and requests in their own transactions (outbox-sql.ts:
 * queueEntries) and never import the worker. One store on both engines (outbox-sql.ts); the
 * contract tests in outbox-store.contract.ts hold for both.
 */
import type { DeliveryChannel, DeliveryState } from "#common/console-api.ts";
import type { OutgoingMail } from "./mail.ts";

/** Each channel has its own worker, pace and failure rules: mail goes to SMTP, requests over HTTP. */
export type Channel = DeliveryChannel;

/**
 * A POST to another system, built when it is queued (handoff.ts): a webhook (signed at each
 * attempt, the Standard Webhooks way, with the secret configured for its URL, so the secret
 * is never stored), a form for the CRM's web-to-lead endpoint (posted as it is), or a CDN purge
 * after a content publish (server/content/purge.ts), signed as a webhook is.
 */
export interface OutgoingRequest {
  channel: "http";
  kind: "webhook" | "form" | "purge";
  url: string;
  /** What happened (lead.created, subscriber.confirmed, …): for the log and the console. */
  event: string;
  /** The webhook-id: one per request, the same on every attempt, so a receiver can deduplicate. */
  messageId: string;
  contentType: string;
  body: string;
}

export type OutboxEntry = OutgoingMail | OutgoingRequest;
export const isRequest = (entry: OutboxEntry): entry is OutgoingRequest =>
  "channel" in entry && entry.channel === "http";
export const channelOf = (entry: OutboxEntry): Channel => (isRequest(entry) ? "http" : "mail");

/** An entry a worker holds a lease on. */
export type Claimed<T extends OutboxEntry = OutboxEntry> = T & {
  id: number;
  /** Attempts before this one. */
  attempts: number;
  /** When it was queued: part of its Message-ID. */
  createdAt: Date;
};
export type ClaimedMail = Claimed<OutgoingMail>;

/** What waits in the outbox, per kind of delivery, for the metrics. */
export interface OutboxBacklog {
  kind: "mail" | "webhook" | "crm" | "purge";
  /** Neither delivered nor given up. */
  open: number;
  /** Open, with at least one failed attempt. */
  retrying: number;
  /** When the oldest open entry was queued; null when none is open. */
  oldestQueuedAt: Date | null;
  /** Refused for good and not yet pruned. */
  givenUp: number;
}

/** Where a row stands, for the console: the console API's wire type, one definition for both sides. */
export type { DeliveryState };

/**
 * What the outbox needs from storage (outbox-sql.ts). Safe for several workers on
 * one database. Every write commits before its promise resolves. The contract tests in
 * outbox-store.contract.ts hold for every implementation.
 *
 * A row is due when it is neither delivered nor given up and its due time (`next_attempt_at`)
 * has come. A claim moves the due time to the end of the lease and records the worker, so a
 * claimed row is not due again until the lease expires: no separate lease column needs
 * checking, and the one index on (channel, priority, due time) over open rows serves every claim.
 */
export interface OutboxStore {
  /** Queues a mail or a request, due at once, in its own statement; `ref` says what it is about (e.g. "lead:42"). */
  add(entry: OutboxEntry, now: Date, ref?: string): Promise<void>;
  /**
   * Queues an entry unless one with the same `onceKey` was ever queued (and not yet pruned),
   * by this or any other instance; true when this call queued it. In its own transaction.
   */
  addOnce(entry: OutboxEntry, now: Date, onceKey: string): Promise<boolean>;
  /**
   * Leases up to `limit` due entries of `channel` (default mail) to `workerId` until
   * `now + leaseMs` and returns them: high priority first, then the earliest due. Two workers
   * never get the same row while its lease runs. Must use the index on (channel, priority, due
   * time) of the open rows, never a scan of the table: one `UPDATE … WHERE id IN (SELECT …
   * LIMIT n) RETURNING`, whose rows PostgreSQL locks skipping those of concurrent claims
   * (FOR UPDATE SKIP LOCKED) and SQLite's single writer serialises.
   */
  claimDue(workerId: string, now: Date, leaseMs: number, limit: number, channel?: Channel): Promise<Claimed[]>;
  /** The receiver accepted it: it is never claimed again. Releases the lease. */
  markDelivered(id: number, now: Date): Promise<void>;
  /**
   * Counts it as delivered before its last byte goes (a campaign mail: outbox.ts, deliversOnce),
   * keeping the lease so markDelivered, markFailed or markGivenUp can still record the answer;
   * true unless `workerId` no longer holds the lease (another worker took it over: do not send).
   */
  markHandedOver(id: number, workerId: string, now: Date): Promise<boolean>;
  /**
   * Records a failed attempt (attempts + 1, the reason) and makes the entry due at `retryAt`,
   * releasing the lease (and undoing a hand-over); does nothing unless `workerId` still holds
   * the lease (once it has expired and another worker took the entry over, this worker's
   * outcome no longer counts).
   */
  markFailed(id: number, workerId: string, retryAt: Date, reason: string): Promise<void>;
  /** The receiver refused it for good (attempts + 1, the reason): never claimed again. Same lease rule as markFailed. */
  markGivenUp(id: number, workerId: string, now: Date, reason: string): Promise<void>;
  /** Gives leased entries back unsent (the worker is stopping): due at `now`, attempts unchanged. */
  release(workerId: string, ids: readonly number[], now: Date): Promise<void>;
  /**
   * The back-off reset: every open, unleased entry of `channel` (default mail) waiting for a
   * later retry is due at `now` (the SMTP server accepted a mail again after an outage).
   * Returns how many.
   */
  retryNow(now: Date, channel?: Channel): Promise<number>;
  /**
   * Deletes up to `limit` entries delivered or given up before `olderThan`, bodies and all
   * (they hold visitors' addresses and words). Returns how many; call again while it returns `limit`.
   */
  pruneDelivered(olderThan: Date, limit: number): Promise<number>;
  /** Every row about one of `refs`, oldest first (the console's delivery state of a lead). */
  deliveries(refs: readonly string[]): Promise<DeliveryState[]>;
  /** Open, retrying and given-up entries per kind, with the oldest open one's age (only kinds that have any). */
  backlog(): Promise<OutboxBacklog[]>;
}
