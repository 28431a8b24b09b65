/**
 * The OutboxStore on a SQLite connection: the `outbox` table (migrations 0003,
 * 0004-outbox-leases and 0030-outbox-channels). Several connections (workers in other
 * processes) may share the file: a claim is one UPDATE … RETURNING in an IMMEDIATE
 * transaction, so SQLite's single writer makes it exclusive. The worker's own writes (claims,
 * marks) commit without waiting for an fsync (synchronous=NORMAL for that transaction): losing
 * one to a power cut only means an entry is sent again, which at-least-once delivery allows anyway.
 */
import { writeTransaction, type SqliteDatabase } from "../db/database.ts";
import { priorityRanks } from "./mail.ts";
import { deliveryState, entryOfRow, outboxRow, type OutboxRow, type StateRow } from "./outbox-row.ts";
import { backlogKindSql, type OutboxBacklog, type OutboxStore } from "./outbox-store.ts";

const ranks = priorityRanks.join(", ");
/** The claim's row selection: a SEARCH of outbox_claim per priority, in index order (outbox-sqlite.test.ts checks the plan). */
export const dueRowsSql = `SELECT id FROM outbox WHERE delivered_at IS NULL AND given_up_at IS NULL AND channel = :channel
  AND priority IN (${ranks}) AND next_attempt_at <= :now ORDER BY priority, next_attempt_at LIMIT :limit`;

export function sqliteOutboxStore(db: SqliteDatabase): OutboxStore {
  const insert = db.prepare(
    `INSERT INTO outbox (created_at, mail, next_attempt_at, priority, channel, ref, once_key) VALUES (:at, :content, :at, :rank, :channel, :ref, :once)
     ON CONFLICT DO NOTHING`,
  );
  const claim = db.prepare(
    `UPDATE outbox SET next_attempt_at = :until, leased_by = :worker WHERE id IN (${dueRowsSql})
     RETURNING id, mail, attempts, created_at, priority, channel`,
  );
  const delivered = db.prepare(
    "UPDATE outbox SET delivered_at = ?, attempts = attempts + 1, last_error = NULL, leased_by = NULL WHERE id = ?",
  );
  // A delivered row has no lease; one handed over keeps it until the answer (markHandedOver).
  const handedOver = db.prepare(
    "UPDATE outbox SET delivered_at = ? WHERE id = ? AND leased_by = ? AND delivered_at IS NULL AND given_up_at IS NULL",
  );
  const failed = db.prepare(
    "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, leased_by = NULL, delivered_at = NULL WHERE id = ? AND leased_by = ?",
  );
  const givenUp = db.prepare(
    "UPDATE outbox SET attempts = attempts + 1, given_up_at = ?, last_error = ?, leased_by = NULL, delivered_at = NULL WHERE id = ? AND leased_by = ?",
  );
  const release = db.prepare(
    "UPDATE outbox SET next_attempt_at = ?, leased_by = NULL WHERE id = ? AND leased_by = ? AND delivered_at IS NULL",
  );
  const retryNow = db.prepare(
    `UPDATE outbox SET next_attempt_at = :now WHERE delivered_at IS NULL AND given_up_at IS NULL AND channel = :channel
       AND priority IN (${ranks}) AND next_attempt_at > :now AND leased_by IS NULL`,
  );
  const prune = db.prepare(
    "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < ? ORDER BY delivered_at LIMIT ?)",
  );
  const pruneGivenUp = db.prepare(
    "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE given_up_at IS NOT NULL AND given_up_at < ? ORDER BY given_up_at LIMIT ?)",
  );
  const states = db.prepare(
    `SELECT id, ref, channel, mail, attempts, last_error, created_at, delivered_at, given_up_at, next_attempt_at
     FROM outbox WHERE ref IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const kind = backlogKindSql("json_extract(mail, '$.kind')");
  const backlog = db.prepare(
    `SELECT ${kind} AS kind, sum(given_up_at IS NULL) AS open, sum(given_up_at IS NULL AND attempts > 0) AS retrying,
       min(CASE WHEN given_up_at IS NULL THEN created_at END) AS oldest, sum(given_up_at IS NOT NULL) AS givenUp
     FROM outbox WHERE delivered_at IS NULL GROUP BY 1`,
  );
  const quick = <T>(work: () => T) => writeTransaction(db, work, { waitForDisk: false });
  const queue = (entry: Parameters<OutboxStore["add"]>[0], now: Date, ref: string | null, once: string | null) => {
    const { content, rank, channel } = outboxRow(entry);
    return insert.run({ at: now.toISOString(), content, rank, channel, ref, once }).changes > 0;
  };
  return {
    add(entry, now, ref) {
      queue(entry, now, ref ?? null, null);
    },
    async addOnce(entry, now, onceKey) {
      return writeTransaction(db, () => queue(entry, now, null, onceKey));
    },
    async claimDue(workerId, now, leaseMs, limit, channel = "mail") {
      const rows = await quick(
        () =>
          claim.all({
            until: new Date(now.getTime() + leaseMs).toISOString(),
            worker: workerId,
            now: now.toISOString(),
            limit,
            channel,
          }) as unknown as (OutboxRow & { created_at: string })[],
      );
      // RETURNING does not keep the subquery's order.
      rows.sort((a, b) => a.priority - b.priority || a.id - b.id);
      return rows.map((row) =>
        entryOfRow({ ...row, mail: JSON.parse(row.mail as unknown as string), created_at: new Date(row.created_at) }),
      );
    },
    async markDelivered(id, now) {
      await quick(() => delivered.run(now.toISOString(), id));
    },
    async markHandedOver(id, workerId, now) {
      return (await quick(() => handedOver.run(now.toISOString(), id, workerId).changes)) > 0;
    },
    async markFailed(id, workerId, retryAt, reason) {
      await quick(() => failed.run(retryAt.toISOString(), reason.slice(0, 500), id, workerId));
    },
    async markGivenUp(id, workerId, now, reason) {
      await quick(() => givenUp.run(now.toISOString(), reason.slice(0, 500), id, workerId));
    },
    async release(workerId, ids, now) {
      await quick(() => {
        for (const id of ids) release.run(now.toISOString(), id, workerId);
      });
    },
    async retryNow(now, channel = "mail") {
      return Number((await quick(() => retryNow.run({ now: now.toISOString(), channel }))).changes);
    },
    async pruneDelivered(olderThan, limit) {
      return quick(() => {
        const delivered = Number(prune.run(olderThan.toISOString(), limit).changes);
        return delivered + Number(pruneGivenUp.run(olderThan.toISOString(), limit - delivered).changes);
      });
    },
    async deliveries(refs) {
      return (states.all(JSON.stringify(refs)) as unknown as StateRow<string>[]).map((row) =>
        deliveryState({ ...row, mail: JSON.parse(row.mail as unknown as string) }),
      );
    },
    async backlog() {
      const rows = backlog.all() as {
        kind: OutboxBacklog["kind"];
        open: number;
        retrying: number;
        oldest: string | null;
        givenUp: number;
      }[];
      return rows.map(({ oldest, ...row }) => ({ ...row, oldestQueuedAt: oldest === null ? null : new Date(oldest) }));
    },
  };
}
