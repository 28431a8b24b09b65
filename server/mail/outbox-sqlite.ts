/** The OutboxStore on the shared SQLite connection: the `outbox` table (migration 0003). */
import type { Database } from "../db/database.ts";
import type { OutboxStore, OutgoingMail, QueuedMail } from "./outbox.ts";

export function sqliteOutboxStore(db: Database): OutboxStore {
  const insert = db.prepare("INSERT INTO outbox (created_at, mail, next_attempt_at) VALUES (?, ?, ?)");
  const due = db.prepare("SELECT id, mail, attempts FROM outbox WHERE delivered_at IS NULL AND next_attempt_at <= ? ORDER BY id LIMIT ?");
  const delivered = db.prepare("UPDATE outbox SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?");
  const failed = db.prepare("UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?");
  return {
    add: (mail, now) => void insert.run(now.toISOString(), JSON.stringify(mail), now.toISOString()),
    dueMails(now, limit) {
      return (due.all(now.toISOString(), limit) as { id: number; mail: string; attempts: number }[]).map((row) => ({
        ...(JSON.parse(row.mail) as OutgoingMail),
        id: row.id,
        attempts: row.attempts,
      })) satisfies QueuedMail[];
    },
    markDelivered: (id, now) => void delivered.run(now.toISOString(), id),
    markFailed: (id, retryAt, reason) => void failed.run(retryAt.toISOString(), reason.slice(0, 500), id),
  };
}
