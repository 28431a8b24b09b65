/**
 * The OutboxStore on PostgreSQL (DATABASE_URL): the `outbox` table (migrations 0003 and
 * 0004-outbox-leases), shared by every instance's workers. A claim takes due rows with
 * `FOR UPDATE SKIP LOCKED` (concurrent claims skip each other's rows instead of waiting) and
 * moves their due time to the end of the lease, recording the worker, in one statement; a
 * worker that dies mid-send leaves the row to come due again when its lease ends, and another
 * worker sends it, with the same Message-ID (outbox.ts: messageIdFor). The worker's own writes
 * commit without waiting for the WAL flush: losing one to a crash of the database machine only
 * means a mail is sent again, which at-least-once delivery allows anyway.
 */
import { named, pgTransaction, type Pool, type PoolClient } from "../db/postgres.ts";
import { priorityOf, priorityRank, priorityRanks, type OutgoingMail } from "./mail.ts";
import type { ClaimedMail, OutboxStore } from "./outbox-store.ts";

const insert = named("outbox_insert", "INSERT INTO outbox (created_at, mail, next_attempt_at, priority) VALUES ($1, $2, $1, $3)");

/** The row of a mail: its content (without the priority, which has its column) and its rank. */
export function outboxRow(mail: OutgoingMail): { content: string; rank: number } {
  const { priority = "normal", ...content } = mail;
  return { content: JSON.stringify(content), rank: priorityRank[priority] };
}

/** Queues a mail inside the caller's transaction on `client` (a lead's or a subscriber's). */
export async function queueMail(client: PoolClient | Pool, mail: OutgoingMail, now: Date): Promise<void> {
  const { content, rank } = outboxRow(mail);
  await client.query(insert([now, content, rank]));
}

interface ClaimedRow {
  id: number;
  mail: OutgoingMail;
  attempts: number;
  created_at: Date;
  priority: number;
  /** When it was due before this claim. */
  due: Date;
}

export function postgresOutboxStore(pool: Pool): OutboxStore {
  const ranks = priorityRanks.join(", ");
  const claim = named(
    "outbox_claim",
    `WITH due AS (
       SELECT id, next_attempt_at AS due FROM outbox WHERE delivered_at IS NULL AND priority IN (${ranks}) AND next_attempt_at <= $1
       ORDER BY priority, next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED)
     UPDATE outbox SET next_attempt_at = $2, leased_by = $3 FROM due WHERE outbox.id = due.id
     RETURNING outbox.id, outbox.mail, outbox.attempts, outbox.created_at, outbox.priority, due.due`,
  );
  const delivered = named(
    "outbox_delivered",
    "UPDATE outbox SET delivered_at = $1, attempts = attempts + 1, last_error = NULL, leased_by = NULL WHERE id = $2",
  );
  const failed = named(
    "outbox_failed",
    `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1, last_error = $2, leased_by = NULL
     WHERE id = $3 AND leased_by = $4 AND delivered_at IS NULL`,
  );
  const release = named(
    "outbox_release",
    "UPDATE outbox SET next_attempt_at = $1, leased_by = NULL WHERE id = ANY($2::bigint[]) AND leased_by = $3 AND delivered_at IS NULL",
  );
  const retryNow = named(
    "outbox_retry_now",
    `UPDATE outbox SET next_attempt_at = $1
     WHERE delivered_at IS NULL AND priority IN (${ranks}) AND next_attempt_at > $1 AND leased_by IS NULL`,
  );
  const prune = named(
    "outbox_prune",
    `DELETE FROM outbox WHERE id IN (
       SELECT id FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < $1 ORDER BY delivered_at LIMIT $2)`,
  );
  /** One statement in its own transaction, committed without waiting for the WAL flush. */
  const quick = (query: { name: string; text: string; values: unknown[] }) =>
    pgTransaction(pool, (client) => client.query(query), { waitForDisk: false });
  /**
   * `add` outside a transaction (tests, tools): one at a time, in call order, and every later
   * call of this store waits for them, so they are seen by it.
   */
  let adding: Promise<void> = Promise.resolve();
  const afterAdds = () => adding;

  return {
    // Typed void, as SQLite's; the promise it gives is there for a caller that awaits it.
    add(mail, now) {
      const added = adding.then(() => queueMail(pool, mail, now));
      adding = added.catch(() => {});
      return added;
    },
    async claimDue(workerId, now, leaseMs, limit) {
      await afterAdds();
      const { rows } = await quick(claim([now, new Date(now.getTime() + leaseMs), workerId, limit]));
      return (
        (rows as ClaimedRow[])
          // RETURNING does not keep the subquery's order.
          .sort((a, b) => a.priority - b.priority || a.due.getTime() - b.due.getTime() || a.id - b.id)
          .map((row): ClaimedMail => ({
            ...row.mail,
            priority: priorityOf(row.priority),
            id: row.id,
            attempts: row.attempts,
            createdAt: row.created_at,
          }))
      );
    },
    async markDelivered(id, now) {
      await quick(delivered([now, id]));
    },
    async markFailed(id, workerId, retryAt, reason) {
      await quick(failed([retryAt, reason.slice(0, 500), id, workerId]));
    },
    async release(workerId, ids, now) {
      if (ids.length) await quick(release([now, [...ids], workerId]));
    },
    async retryNow(now) {
      await afterAdds();
      return (await quick(retryNow([now]))).rowCount ?? 0;
    },
    async pruneDelivered(olderThan, limit) {
      return (await quick(prune([olderThan, limit]))).rowCount ?? 0;
    },
  };
}
