/**
 * The OutboxStore on a SQLite connection: the `outbox` table (migrations 0003 and
 * 0004-outbox-leases). Several connections (workers in other processes) may share the file:
 * a claim is one UPDATE … RETURNING in an IMMEDIATE transaction, so SQLite's single writer
 * makes it exclusive. The worker's own writes (claims, marks) commit without waiting for an
 * fsync (synchronous=NORMAL for that transaction): losing one to a power cut only means a
 * mail is sent again, which at-least-once delivery allows anyway.
 */
import { transaction, type Database } from "../db/database.ts";
import { priorityOf, priorityRank, priorityRanks, type OutgoingMail } from "./mail.ts";
import type { ClaimedMail, OutboxStore } from "./outbox-store.ts";

interface ClaimedRow {
  id: number;
  mail: string;
  attempts: number;
  created_at: string;
  priority: number;
}

const ranks = priorityRanks.join(", ");
/** The claim's row selection: a SEARCH of outbox_claim per priority, in index order (outbox-sqlite.test.ts checks the plan). */
export const dueRowsSql = `SELECT id FROM outbox WHERE delivered_at IS NULL AND priority IN (${ranks}) AND next_attempt_at <= :now
  ORDER BY priority, next_attempt_at LIMIT :limit`;

export function sqliteOutboxStore(db: Database): OutboxStore {
  const insert = db.prepare("INSERT INTO outbox (created_at, mail, next_attempt_at, priority) VALUES (?, ?, ?, ?)");
  const claim = db.prepare(
    `UPDATE outbox SET next_attempt_at = :until, leased_by = :worker WHERE id IN (${dueRowsSql})
     RETURNING id, mail, attempts, created_at, priority`,
  );
  const delivered = db.prepare("UPDATE outbox SET delivered_at = ?, attempts = attempts + 1, last_error = NULL, leased_by = NULL WHERE id = ?");
  const failed = db.prepare(
    "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, leased_by = NULL WHERE id = ? AND leased_by = ? AND delivered_at IS NULL",
  );
  const release = db.prepare("UPDATE outbox SET next_attempt_at = ?, leased_by = NULL WHERE id = ? AND leased_by = ? AND delivered_at IS NULL");
  const retryNow = db.prepare(
    `UPDATE outbox SET next_attempt_at = :now WHERE delivered_at IS NULL AND priority IN (${ranks}) AND next_attempt_at > :now AND leased_by IS NULL`,
  );
  const prune = db.prepare(
    "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < ? ORDER BY delivered_at LIMIT ?)",
  );
  const quick = <T>(work: () => T) => transaction(db, work, { waitForDisk: false });
  return {
    add(mail, now) {
      const { priority = "normal", ...content } = mail;
      insert.run(now.toISOString(), JSON.stringify(content), now.toISOString(), priorityRank[priority]);
    },
    async claimDue(workerId, now, leaseMs, limit) {
      const rows = quick(
        () =>
          claim.all({
            until: new Date(now.getTime() + leaseMs).toISOString(),
            worker: workerId,
            now: now.toISOString(),
            limit,
          }) as unknown as ClaimedRow[],
      );
      // RETURNING does not keep the subquery's order.
      rows.sort((a, b) => a.priority - b.priority || a.id - b.id);
      return rows.map((row): ClaimedMail => {
        return {
          ...(JSON.parse(row.mail) as OutgoingMail),
          priority: priorityOf(row.priority),
          id: row.id,
          attempts: row.attempts,
          createdAt: new Date(row.created_at),
        };
      });
    },
    async markDelivered(id, now) {
      quick(() => delivered.run(now.toISOString(), id));
    },
    async markFailed(id, workerId, retryAt, reason) {
      quick(() => failed.run(retryAt.toISOString(), reason.slice(0, 500), id, workerId));
    },
    async release(workerId, ids, now) {
      quick(() => {
        for (const id of ids) release.run(now.toISOString(), id, workerId);
      });
    },
    async retryNow(now) {
      return Number(quick(() => retryNow.run({ now: now.toISOString() })).changes);
    },
    async pruneDelivered(olderThan, limit) {
      return Number(quick(() => prune.run(olderThan.toISOString(), limit)).changes);
    },
  };
}
