/**
 * The OutboxStore on PostgreSQL (DATABASE_URL): the `outbox` table (migrations 0003,
 * 0004-outbox-leases and 0030-outbox-channels), shared by every instance's workers. A claim
 * takes due rows with `FOR UPDATE SKIP LOCKED` (concurrent claims skip each other's rows
 * instead of waiting) and moves their due time to the end of the lease, recording the worker,
 * in one statement; a worker that dies mid-send leaves the row to come due again when its
 * lease ends, and another worker sends it, with the same Message-ID (mail.ts: messageIdFor) or
 * webhook-id. The worker's own writes commit without waiting for the WAL flush: losing one to
 * a crash of the database machine only means an entry is sent again, which at-least-once
 * delivery allows anyway.
 */
import { named, pgTransaction, type Pool, type PoolClient } from "../db/postgres.ts";
import { priorityRanks } from "./mail.ts";
import { deliveryState, entryOfRow, outboxRow, type OutboxRow, type StateRow } from "./outbox-row.ts";
import { backlogKindSql, type OutboxBacklog, type OutboxEntry, type OutboxStore } from "./outbox-store.ts";

const insertMany = named(
  "outbox_insert_many",
  `INSERT INTO outbox (created_at, mail, next_attempt_at, priority, channel, ref)
   SELECT t, m, t, p, c, r FROM unnest($1::timestamptz[], $2::jsonb[], $3::integer[], $4::text[], $5::text[]) AS queued(t, m, p, c, r)`,
);
const insertOnce = named(
  "outbox_insert_once",
  `INSERT INTO outbox (created_at, mail, next_attempt_at, priority, channel, once_key) VALUES ($1, $2, $1, $3, $4, $5)
   ON CONFLICT (once_key) WHERE once_key IS NOT NULL DO NOTHING`,
);

/** Queues entries inside the caller's transaction on `client` (a lead's or a subscriber's), in one statement. */
export async function queueEntries(
  client: PoolClient | Pool,
  entries: readonly { entry: OutboxEntry; now: Date; ref?: string }[],
): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map(({ entry, now, ref }) => ({ ...outboxRow(entry), now, ref: ref ?? null }));
  await client.query(
    insertMany([
      rows.map((row) => row.now),
      rows.map((row) => row.content),
      rows.map((row) => row.rank),
      rows.map((row) => row.channel),
      rows.map((row) => row.ref),
    ]),
  );
}

/** Queues one entry inside the caller's transaction on `client`. */
export const queueMail = (client: PoolClient | Pool, entry: OutboxEntry, now: Date, ref?: string) =>
  queueEntries(client, [{ entry, now, ref }]);

/** A claimed row with when it was due before this claim (the order of a claim). */
type ClaimedRow = OutboxRow & { due: Date };

export function postgresOutboxStore(pool: Pool): OutboxStore {
  const ranks = priorityRanks.join(", ");
  const open = "delivered_at IS NULL AND given_up_at IS NULL";
  const claim = named(
    "outbox_claim",
    `WITH due AS (
       SELECT id, next_attempt_at AS due FROM outbox WHERE ${open} AND channel = $5 AND priority IN (${ranks}) AND next_attempt_at <= $1
       ORDER BY priority, next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED)
     UPDATE outbox SET next_attempt_at = $2, leased_by = $3 FROM due WHERE outbox.id = due.id
     RETURNING outbox.id, outbox.mail, outbox.attempts, outbox.created_at, outbox.priority, outbox.channel, due.due`,
  );
  const delivered = named(
    "outbox_delivered",
    "UPDATE outbox SET delivered_at = $1, attempts = attempts + 1, last_error = NULL, leased_by = NULL WHERE id = $2",
  );
  // A delivered row has no lease; one handed over keeps it until the answer (markHandedOver).
  const handedOver = named(
    "outbox_handed_over",
    `UPDATE outbox SET delivered_at = $1 WHERE id = $2 AND leased_by = $3 AND ${open}`,
  );
  const failed = named(
    "outbox_failed",
    `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1, last_error = $2, leased_by = NULL, delivered_at = NULL
     WHERE id = $3 AND leased_by = $4`,
  );
  const givenUp = named(
    "outbox_given_up",
    `UPDATE outbox SET attempts = attempts + 1, given_up_at = $1, last_error = $2, leased_by = NULL, delivered_at = NULL
     WHERE id = $3 AND leased_by = $4`,
  );
  const release = named(
    "outbox_release",
    "UPDATE outbox SET next_attempt_at = $1, leased_by = NULL WHERE id = ANY($2::bigint[]) AND leased_by = $3 AND delivered_at IS NULL",
  );
  const retryNow = named(
    "outbox_retry_now",
    `UPDATE outbox SET next_attempt_at = $1
     WHERE ${open} AND channel = $2 AND priority IN (${ranks}) AND next_attempt_at > $1 AND leased_by IS NULL`,
  );
  const prune = named(
    "outbox_prune",
    `DELETE FROM outbox WHERE id IN (
       SELECT id FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < $1 ORDER BY delivered_at LIMIT $2)`,
  );
  const pruneGivenUp = named(
    "outbox_prune_given_up",
    `DELETE FROM outbox WHERE id IN (
       SELECT id FROM outbox WHERE given_up_at IS NOT NULL AND given_up_at < $1 ORDER BY given_up_at LIMIT $2)`,
  );
  const states = named(
    "outbox_states",
    `SELECT id, ref, channel, mail, attempts, last_error, created_at, delivered_at, given_up_at, next_attempt_at
     FROM outbox WHERE ref = ANY($1::text[]) ORDER BY id`,
  );
  const backlog = named(
    "outbox_backlog",
    `SELECT ${backlogKindSql("mail->>'kind'")} AS kind, count(*) FILTER (WHERE given_up_at IS NULL)::int AS open,
       count(*) FILTER (WHERE given_up_at IS NULL AND attempts > 0)::int AS retrying,
       min(created_at) FILTER (WHERE given_up_at IS NULL) AS oldest, count(*) FILTER (WHERE given_up_at IS NOT NULL)::int AS "givenUp"
     FROM outbox WHERE delivered_at IS NULL GROUP BY 1`,
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
    add(entry, now, ref) {
      const added = adding.then(() => queueMail(pool, entry, now, ref));
      adding = added.catch(() => {});
      return added;
    },
    async addOnce(entry, now, onceKey) {
      await afterAdds();
      const { content, rank, channel } = outboxRow(entry);
      return ((await pool.query(insertOnce([now, content, rank, channel, onceKey]))).rowCount ?? 0) > 0;
    },
    async claimDue(workerId, now, leaseMs, limit, channel = "mail") {
      await afterAdds();
      const { rows } = await quick(claim([now, new Date(now.getTime() + leaseMs), workerId, limit, channel]));
      return (
        (rows as ClaimedRow[])
          // RETURNING does not keep the subquery's order.
          .sort((a, b) => a.priority - b.priority || a.due.getTime() - b.due.getTime() || a.id - b.id)
          .map(entryOfRow)
      );
    },
    async markDelivered(id, now) {
      await quick(delivered([now, id]));
    },
    async markHandedOver(id, workerId, now) {
      return ((await quick(handedOver([now, id, workerId]))).rowCount ?? 0) > 0;
    },
    async markFailed(id, workerId, retryAt, reason) {
      await quick(failed([retryAt, reason.slice(0, 500), id, workerId]));
    },
    async markGivenUp(id, workerId, now, reason) {
      await quick(givenUp([now, reason.slice(0, 500), id, workerId]));
    },
    async release(workerId, ids, now) {
      if (ids.length) await quick(release([now, [...ids], workerId]));
    },
    async retryNow(now, channel = "mail") {
      await afterAdds();
      return (await quick(retryNow([now, channel]))).rowCount ?? 0;
    },
    async pruneDelivered(olderThan, limit) {
      const delivered = (await quick(prune([olderThan, limit]))).rowCount ?? 0;
      return delivered + ((await quick(pruneGivenUp([olderThan, limit - delivered]))).rowCount ?? 0);
    },
    async deliveries(refs) {
      await afterAdds();
      return (await pool.query<StateRow<Date>>(states([[...refs]]))).rows.map(deliveryState);
    },
    async backlog() {
      await afterAdds();
      const { rows } = await pool.query<Omit<OutboxBacklog, "oldestQueuedAt"> & { oldest: Date | null }>(backlog());
      return rows.map(({ oldest, ...row }) => ({ ...row, oldestQueuedAt: oldest }));
    },
  };
}
