/**
 * What the outbox needs from storage, apart from the worker (outbox.ts) that uses it: the
 * lead and subscriber stores queue their mails through `OutboxStore.add` in their own
 * transactions and never import the worker. SQLite: outbox-sqlite.ts; PostgreSQL:
 * outbox-postgres.ts; the contract tests in outbox-store.contract.ts hold for both.
 */
import type { OutgoingMail } from "./mail.ts";

/** A mail a worker holds a lease on. */
export interface ClaimedMail extends OutgoingMail {
  id: number;
  /** Attempts before this one. */
  attempts: number;
  /** When it was queued: part of its Message-ID. */
  createdAt: Date;
}

/**
 * What the outbox needs from storage (SQLite: outbox-sqlite.ts). Safe for several workers on
 * one database. Every write commits before its promise resolves. The contract tests in
 * outbox-store.contract.ts hold for every implementation.
 *
 * A row is due when it is not delivered and its due time (`next_attempt_at`) has come. A
 * claim moves the due time to the end of the lease and records the worker, so a claimed row
 * is not due again until the lease expires: no separate lease column needs checking, and
 * the one index on (priority, due time) over undelivered rows serves every claim.
 */
export interface OutboxStore {
  /**
   * Queues a mail, due at once. Synchronous so it joins a transaction the caller has open on
   * the same connection (the lead and subscriber stores call it inside theirs): the mail
   * commits or rolls back with the lead. An engine whose transactions belong to a client
   * (PostgreSQL) runs the same INSERT on the caller's transaction client.
   */
  add(mail: OutgoingMail, now: Date): void;
  /**
   * Leases up to `limit` due mails to `workerId` until `now + leaseMs` and returns them:
   * high priority first, then the earliest due. Two workers never get the same row while
   * its lease runs. Must use an index on (priority, due time) of the undelivered rows, never
   * a scan of the table. SQLite: one `UPDATE … WHERE id IN (SELECT … LIMIT n) RETURNING` in an
   * IMMEDIATE transaction (writers are serialised). PostgreSQL: in one transaction,
   * `SELECT id … ORDER BY priority, next_attempt_at LIMIT n FOR UPDATE SKIP LOCKED`, then an
   * UPDATE of those ids setting the due time and the worker, RETURNING the rows, so
   * concurrent claims skip each other's rows instead of waiting on them.
   */
  claimDue(workerId: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedMail[]>;
  /** The server accepted the mail: it is never claimed again. Releases the lease. */
  markDelivered(id: number, now: Date): Promise<void>;
  /**
   * Records a failed attempt (attempts + 1, the reason) and makes the mail due at `retryAt`,
   * releasing the lease; does nothing unless `workerId` still holds the lease (once it has
   * expired and another worker took the mail over, this worker's outcome no longer counts).
   */
  markFailed(id: number, workerId: string, retryAt: Date, reason: string): Promise<void>;
  /** Gives leased mails back unsent (the worker is stopping): due at `now`, attempts unchanged. */
  release(workerId: string, ids: readonly number[], now: Date): Promise<void>;
  /**
   * The back-off reset: every undelivered, unleased mail waiting for a later retry is due at
   * `now` (the SMTP server accepted a mail again after an outage). Returns how many.
   */
  retryNow(now: Date): Promise<number>;
  /**
   * Deletes up to `limit` mails delivered before `olderThan`, bodies and all (they hold
   * visitors' addresses and words). Returns how many; call again while it returns `limit`.
   */
  pruneDelivered(olderThan: Date, limit: number): Promise<number>;
}
