/**
 * The LeadStore on the embedded SQLite database (database.ts: WAL, synchronous=FULL). Leads
 * go through a group commit (group-commit.ts): a burst of contact requests shares one disk
 * sync instead of queueing behind one sync each.
 */
import { transaction, type Database } from "./database.ts";
import { createGroupCommit } from "./group-commit.ts";
import type { Lead, LeadStore, OutgoingMail, QueuedMail, StoredLead, Subscriber, SubscriberStatus } from "./types.ts";

interface SubscriberRow {
  id: number;
  list: string;
  email: string;
  first_name: string;
  last_name: string;
  status: SubscriberStatus;
  created_at: string;
  confirmed_at: string | null;
}

const toSubscriber = (row: SubscriberRow): Subscriber => ({
  id: row.id,
  list: row.list,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  status: row.status,
  createdAt: row.created_at,
  confirmedAt: row.confirmed_at,
});

export function sqliteLeadStore(db: Database): LeadStore {
  const insertLead = db.prepare(
    "INSERT INTO leads (created_at, domain, type, name, email, subject, details) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
  );
  const insertMail = db.prepare("INSERT INTO outbox (created_at, mail, next_attempt_at) VALUES (?, ?, ?)");
  const selectSubscriberByKey = db.prepare("SELECT * FROM subscribers WHERE list = ? AND email_key = ?");
  const selectSubscriber = db.prepare("SELECT * FROM subscribers WHERE id = ?");
  const insertSubscriber = db.prepare(
    `INSERT INTO subscribers (list, email, email_key, first_name, last_name, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING *`,
  );
  const refreshSubscriber = db.prepare(
    "UPDATE subscribers SET first_name = ?, last_name = ?, status = 'pending', updated_at = ? WHERE id = ? RETURNING *",
  );
  const confirm = db.prepare("UPDATE subscribers SET status = 'subscribed', confirmed_at = coalesce(confirmed_at, ?), updated_at = ? WHERE id = ?");
  const unsubscribe = db.prepare("UPDATE subscribers SET status = 'unsubscribed', updated_at = ? WHERE id = ?");
  const due = db.prepare("SELECT id, mail, attempts FROM outbox WHERE delivered_at IS NULL AND next_attempt_at <= ? ORDER BY id LIMIT ?");
  const delivered = db.prepare("UPDATE outbox SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?");
  const failed = db.prepare("UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?");
  const pending = db.prepare("SELECT count(*) AS n FROM outbox WHERE delivered_at IS NULL");
  const leadsSince = db.prepare("SELECT * FROM leads WHERE created_at >= ? ORDER BY id");

  const queue = (mail: OutgoingMail, now: Date) => insertMail.run(now.toISOString(), JSON.stringify(mail), now.toISOString());
  const leads = createGroupCommit(db);

  return {
    addLead(lead, notification, now) {
      return leads.run(() => {
        const { id } = insertLead.get(now.toISOString(), lead.domain, lead.type, lead.name, lead.email, lead.subject, lead.details) as { id: number };
        queue(notification(id), now);
        return { id };
      });
    },

    addSubscriber(entry, confirmation, now) {
      return transaction(db, () => {
        const at = now.toISOString();
        const existing = selectSubscriberByKey.get(entry.list, entry.email.toLowerCase()) as SubscriberRow | undefined;
        if (existing?.status === "subscribed") return { subscriber: toSubscriber(existing), queued: false };
        const row = (existing
          ? refreshSubscriber.get(entry.firstName || existing.first_name, entry.lastName || existing.last_name, at, existing.id)
          : insertSubscriber.get(
              entry.list,
              entry.email,
              entry.email.toLowerCase(),
              entry.firstName,
              entry.lastName,
              at,
              at,
            )) as unknown as SubscriberRow;
        const subscriber = toSubscriber(row);
        queue(confirmation(subscriber), now);
        return { subscriber, queued: true };
      });
    },

    getSubscriber(id) {
      const row = selectSubscriber.get(id) as SubscriberRow | undefined;
      return row && toSubscriber(row);
    },
    confirmSubscriber: (id, now) => confirm.run(now.toISOString(), now.toISOString(), id).changes > 0,
    unsubscribe: (id, now) => unsubscribe.run(now.toISOString(), id).changes > 0,

    dueMails(now, limit) {
      return (due.all(now.toISOString(), limit) as { id: number; mail: string; attempts: number }[]).map((row) => ({
        ...(JSON.parse(row.mail) as OutgoingMail),
        id: row.id,
        attempts: row.attempts,
      })) satisfies QueuedMail[];
    },
    markDelivered: (id, now) => void delivered.run(now.toISOString(), id),
    markFailed: (id, retryAt, reason) => void failed.run(retryAt.toISOString(), reason.slice(0, 500), id),
    pendingMailCount: () => (pending.get() as { n: number }).n,

    leadsSince(since) {
      return (leadsSince.all(since.toISOString()) as unknown as (Lead & { id: number; created_at: string })[]).map(({ created_at, ...lead }) => ({
        ...lead,
        createdAt: created_at,
      })) satisfies StoredLead[];
    },
    subscribers(list) {
      const rows = (list
        ? db.prepare("SELECT * FROM subscribers WHERE list = ? ORDER BY id").all(list)
        : db.prepare("SELECT * FROM subscribers ORDER BY id").all()) as unknown as SubscriberRow[];
      return rows.map(toSubscriber);
    },
    close() {
      leads.flush();
      db.close();
    },
  };
}
