/** What the outbox keeps, and the store its workers claim from (outbox-store.contract.ts holds on both engines). */
import type { DeliveryChannel, DeliveryState } from "#common/console-api.ts";
import type { OutgoingMail } from "./mail.ts";

/** Each channel has its own worker, pace and failure rules: mail goes to SMTP, requests over HTTP. */
export type Channel = DeliveryChannel;

/** A POST to another system, built when queued (handoff.ts, content/purge.ts); signed at each attempt, so no secret is stored. */
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

/** An entry a worker holds a lease on: `attempts` before this one; `createdAt` is part of its Message-ID. */
export type Claimed<T extends OutboxEntry = OutboxEntry> = T & { id: number; attempts: number; createdAt: Date };
export type ClaimedMail = Claimed<OutgoingMail>;

/** What waits per kind, for the metrics: open (neither delivered nor given up), retrying (open, failed before). */
export interface OutboxBacklog {
  kind: "mail" | "webhook" | "crm" | "purge";
  open: number;
  retrying: number;
  oldestQueuedAt: Date | null;
  givenUp: number;
}

/** Where a row stands, for the console: the console API's wire type, one definition for both sides. */
export type { DeliveryState };

/**
 * Safe for several workers on one database; every write commits before its promise resolves. A
 * claim moves the due time (`next_attempt_at`) to the end of the lease and records the worker, so
 * no lease column needs checking and one index on (channel, priority, due time) serves every claim.
 *
 * A worker's mark counts only while it holds the lease (`workerId`): once the lease expired
 * and another worker took the entry over, the other's outcome is the one recorded.
 */
export interface OutboxStore {
  /** Queues a mail or a request, due at once; `ref` says what it is about (e.g. "lead:42"). */
  add(entry: OutboxEntry, now: Date, ref?: string): Promise<void>;
  /** Queues it unless any instance queued `onceKey` before (and it is not pruned); true when this call did. */
  addOnce(entry: OutboxEntry, now: Date, onceKey: string): Promise<boolean>;
  /**
   * Leases up to `limit` due entries of `channel` (default mail) to `workerId` until
   * `now + leaseMs`: high priority first, then the earliest due. Two workers never get the same
   * row while its lease runs, and a claim never scans the table.
   */
  claimDue(workerId: string, now: Date, leaseMs: number, limit: number, channel?: Channel): Promise<Claimed[]>;
  /** The receiver accepted it: never claimed again; the lease is released. */
  markDelivered(id: number, now: Date): Promise<void>;
  /**
   * Counts it as delivered before its last byte goes (a campaign mail: courier.ts, deliversOnce),
   * keeping the lease so the answer can still be recorded; false when `workerId` no longer holds
   * the lease (another worker took it over: do not send).
   */
  markHandedOver(id: number, workerId: string, now: Date): Promise<boolean>;
  /** A failed attempt (counted, with its reason): due again at `retryAt`, unleased, a hand-over undone. */
  markFailed(id: number, workerId: string, retryAt: Date, reason: string): Promise<void>;
  /** The receiver refused it for good (counted, with its reason): never claimed again. */
  markGivenUp(id: number, workerId: string, now: Date, reason: string): Promise<void>;
  /** Gives leased entries back unsent (the worker is stopping): due at `now`, attempts unchanged. */
  release(workerId: string, ids: readonly number[], now: Date): Promise<void>;
  /** The back-off reset after an outage: every open, unleased entry of `channel` waiting for a retry is due at `now`; how many. */
  retryNow(now: Date, channel?: Channel): Promise<number>;
  /**
   * Deletes up to `limit` entries delivered or given up before `olderThan`, bodies and all
   * (they hold visitors' addresses and words); how many: call again while it returns `limit`.
   */
  pruneDelivered(olderThan: Date, limit: number): Promise<number>;
  /** Every row about one of `refs`, oldest first (the console's delivery state of a lead). */
  deliveries(refs: readonly string[]): Promise<DeliveryState[]>;
  /** Open, retrying and given-up entries per kind, with the oldest open one's age (only kinds that have any). */
  backlog(): Promise<OutboxBacklog[]>;
}
