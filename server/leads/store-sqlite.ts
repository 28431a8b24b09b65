/**
 * The lead and subscriber stores on the shared SQLite connection (db/database.ts: WAL,
 * synchronous=FULL). Each mail is queued through the outbox's store on the same connection,
 * so it is part of the lead's or subscriber's transaction. Leads go through a group commit
 * (group-commit.ts): a burst of contact requests shares one disk sync instead of queueing
 * behind one sync each.
 */
import { randomBytes } from "node:crypto";
import { writeTransaction, type SqliteDatabase } from "../db/database.ts";
import { noHandoff, type Handoff } from "../outbox/handoff.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import type { OutboxStore } from "../outbox/outbox-store.ts";
import { attributionColumns, attributionOfRow, attributionValues } from "./attribution.ts";
import { createGroupCommit } from "./group-commit.ts";
import { mailboxOf } from "./mailbox.ts";
import { provenIf } from "./challenge.ts";
import {
  confirmationBudgetWindowMs,
  confirmationLinkLifetimeMs,
  confirmationMailIntervalMs,
  decideConfirmation,
  defaultConfirmationLimits,
  type ChallengeStore,
  type ConfirmationLimits,
  type Lead,
  type LeadStore,
  type StoredLead,
  type Subscriber,
  type SubscriberStatus,
  type SubscriberStore,
} from "./store.ts";

/** Where a store queues its mails: the outbox (or its store) on the same database connection. */
type MailQueue = Pick<OutboxStore, "add">;

interface SubscriberRow {
  id: number;
  list: string;
  email: string;
  first_name: string;
  last_name: string;
  status: SubscriberStatus;
  created_at: string;
  confirmed_at: string | null;
  confirm_nonce: string | null;
  confirm_sent_at: string | null;
  mailbox_key: string | null;
  mailbox_domain: string | null;
  visitor_id: string | null;
  confirm_proven: number;
}
type SubscriberRowWithAttribution = SubscriberRow & Partial<Record<(typeof attributionColumns)[number], string | null>>;

const toSubscriber = (row: SubscriberRowWithAttribution): Subscriber => ({
  id: row.id,
  list: row.list,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  status: row.status,
  createdAt: row.created_at,
  confirmedAt: row.confirmed_at,
  confirmNonce: row.confirm_nonce,
  confirmSentAt: row.confirm_sent_at,
  visitorId: row.visitor_id,
  attribution: attributionOfRow(row),
});

type LeadRow = Omit<Lead, "attribution" | "visitorId"> & {
  id: number;
  created_at: string;
  visitor_id: string | null;
} & Record<(typeof attributionColumns)[number], string | null>;

const toStoredLead = (row: LeadRow): StoredLead => ({
  id: row.id,
  createdAt: row.created_at,
  domain: row.domain,
  type: row.type,
  name: row.name,
  email: row.email,
  subject: row.subject,
  details: row.details,
  ...(row.visitor_id && { visitorId: row.visitor_id }),
  attribution: attributionOfRow(row),
});

/** Rows per UTC day since `since` (ISO), for the usage report. */
const perDay = (db: SqliteDatabase, table: "leads" | "subscribers") => {
  const count = db.prepare(
    `SELECT substr(created_at, 1, 10) AS day, count(*) AS n FROM ${table} WHERE created_at >= ? GROUP BY day`,
  );
  return (since: string) => new Map((count.all(since) as { day: string; n: number }[]).map((row) => [row.day, row.n]));
};

export function sqliteLeadStore(
  db: SqliteDatabase,
  mail: MailQueue,
  handoff: Handoff = noHandoff,
): LeadStore & { perDay(since: string): Map<string, number>; flush(): void } {
  const insertLead = db.prepare(
    `INSERT INTO leads (created_at, domain, type, name, email, subject, details, visitor_id, ${attributionColumns.join(", ")})
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ${attributionColumns.map(() => "?").join(", ")}) RETURNING id`,
  );
  const leadsSince = db.prepare("SELECT * FROM leads WHERE created_at >= ? ORDER BY id");
  const leads = createGroupCommit(db);
  return {
    addLead(lead, notification, now) {
      return leads.run(() => {
        const { id } = insertLead.get(
          now.toISOString(),
          lead.domain,
          lead.type,
          lead.name,
          lead.email,
          lead.subject,
          lead.details,
          lead.visitorId ?? null,
          ...attributionValues(lead.attribution),
        ) as { id: number };
        const ref = `lead:${id}`;
        mail.add(notification(id), now, ref);
        for (const request of handoff.leadCreated({ id, createdAt: now.toISOString(), ...lead }, now))
          mail.add(request, now, ref);
        return { id };
      });
    },
    leadsSince(since) {
      return (leadsSince.all(since.toISOString()) as unknown as LeadRow[]).map(toStoredLead) satisfies StoredLead[];
    },
    perDay: perDay(db, "leads"),
    /** Commits the leads queued for the next group now (on shutdown). */
    flush: () => leads.flush(),
  };
}

export function sqliteSubscriberStore(
  db: SqliteDatabase,
  mail: MailQueue,
  handoff: Handoff = noHandoff,
): SubscriberStore & { perDay(since: string): Map<string, number> } {
  const selectByKey = db.prepare("SELECT * FROM subscribers WHERE list = ? AND email_key = ?");
  const select = db.prepare("SELECT * FROM subscribers WHERE id = ?");
  const insert = db.prepare(
    `INSERT INTO subscribers (list, email, email_key, mailbox_key, mailbox_domain, first_name, last_name, status, created_at, updated_at,
       requested_at, visitor_id, ${attributionColumns.join(", ")})
     VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ${attributionColumns.map(() => "?").join(", ")}) RETURNING *`,
  );
  // The first request that came with a visitor id keeps it and its attribution (one write either way).
  const keepVisitor = db.prepare(
    `UPDATE subscribers SET visitor_id = ?, ${attributionColumns.map((c) => `${c} = ?`).join(", ")} WHERE id = ?`,
  );
  // Every request is recorded (requested_at), whatever the address's state: one write each.
  const touch = db.prepare("UPDATE subscribers SET requested_at = ? WHERE id = ? RETURNING *");
  const refresh = db.prepare(
    "UPDATE subscribers SET first_name = ?, last_name = ?, status = 'pending', updated_at = ?, requested_at = ? WHERE id = ? RETURNING *",
  );
  const openLink = db.prepare(
    "UPDATE subscribers SET confirm_nonce = ?, confirm_sent_at = ?, confirm_waiting_since = NULL, confirm_proven = 0 WHERE id = ? RETURNING *",
  );
  // The counts the confirmation limits need (store.ts: decideConfirmation), each from an index.
  const inboxMailed = db.prepare(
    "SELECT 1 FROM subscribers WHERE mailbox_key = ? AND confirm_sent_at > ? AND id != ? LIMIT 1",
  );
  const domainMailed = db.prepare(
    "SELECT count(*) AS n FROM subscribers WHERE mailbox_domain = ? AND confirm_sent_at > ?",
  );
  const allMailed = db.prepare("SELECT count(*) AS n FROM subscribers WHERE confirm_sent_at > ?");
  const wait = db.prepare(
    "UPDATE subscribers SET confirm_waiting_since = coalesce(confirm_waiting_since, ?), confirm_proven = max(confirm_proven, ?) WHERE id = ?",
  );
  const stopWaiting = db.prepare("UPDATE subscribers SET confirm_waiting_since = NULL WHERE id = ?");
  const waitingRows = db.prepare(
    "SELECT * FROM subscribers WHERE confirm_waiting_since IS NOT NULL ORDER BY confirm_proven DESC, confirm_waiting_since, id LIMIT ?",
  );
  const waitingCount = db.prepare("SELECT count(*) AS n FROM subscribers WHERE confirm_waiting_since IS NOT NULL");
  const confirm = db.prepare(
    `UPDATE subscribers SET status = 'subscribed', confirmed_at = coalesce(confirmed_at, ?), updated_at = ?, confirm_nonce = NULL
     WHERE id = ? AND status = 'pending' AND confirm_nonce = ? AND confirm_sent_at > ?`,
  );
  const unsubscribe = db.prepare(
    "UPDATE subscribers SET status = 'unsubscribed', confirm_nonce = NULL, updated_at = ? WHERE id = ?",
  );
  const all = db.prepare("SELECT * FROM subscribers ORDER BY id");
  const ofList = db.prepare("SELECT * FROM subscribers WHERE list = ? ORDER BY id");
  const ago = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();
  const handOff = (event: "subscriber.confirmed" | "subscriber.unsubscribed", id: number, now: Date) => {
    const subscriber = toSubscriber(select.get(id) as unknown as SubscriberRow);
    for (const request of handoff.subscriberChanged(event, subscriber, now)) mail.add(request, now, `subscriber:${id}`);
  };
  const decide = (row: SubscriberRow, now: Date, limits: ConfirmationLimits) => {
    const hourAgo = ago(now, confirmationBudgetWindowMs);
    return decideConfirmation(
      {
        inboxMailedToday: !!inboxMailed.get(row.mailbox_key, ago(now, confirmationMailIntervalMs), row.id),
        domainLastHour: (domainMailed.get(row.mailbox_domain, hourAgo) as { n: number }).n,
        allLastHour: (allMailed.get(hourAgo) as { n: number }).n,
      },
      limits,
    );
  };
  /** Opens a new confirmation link and queues its mail (ahead of the others when the sign-up was proven). */
  const send = (
    row: SubscriberRow,
    confirmation: (subscriber: Subscriber) => OutgoingMail,
    now: Date,
    proven: boolean,
  ) => {
    const opened = toSubscriber(
      openLink.get(randomBytes(16).toString("base64url"), now.toISOString(), row.id) as unknown as SubscriberRow,
    );
    mail.add(provenIf(proven, confirmation(opened)), now);
    return opened;
  };
  return {
    addSubscriber(entry, confirmation, now, limits = defaultConfirmationLimits) {
      return writeTransaction(db, () => {
        const at = now.toISOString();
        const mailbox = mailboxOf(entry.email);
        const existing = selectByKey.get(entry.list, entry.email.toLowerCase()) as SubscriberRow | undefined;
        const visitor = [entry.visitorId ?? null, ...attributionValues(entry.attribution)];
        if (existing && entry.visitorId && !existing.visitor_id) keepVisitor.run(...visitor, existing.id);
        const row = (!existing
          ? insert.get(
              entry.list,
              entry.email,
              entry.email.toLowerCase(),
              mailbox.key,
              mailbox.domain,
              entry.firstName,
              entry.lastName,
              at,
              at,
              at,
              ...visitor,
            )
          : existing.status === "subscribed"
            ? touch.get(at, existing.id)
            : refresh.get(
                entry.firstName || existing.first_name,
                entry.lastName || existing.last_name,
                at,
                at,
                existing.id,
              )) as unknown as SubscriberRow;
        const due =
          row.status !== "subscribed" &&
          (row.confirm_nonce === null ||
            row.confirm_sent_at === null ||
            row.confirm_sent_at <= ago(now, confirmationMailIntervalMs));
        const decision = due ? decide(row, now, limits) : "skip";
        const waiting = decision.startsWith("wait");
        if (waiting) wait.run(at, entry.proven ? 1 : 0, row.id);
        if (decision === "send") {
          const opened = send(row, confirmation, now, !!entry.proven);
          return { subscriber: opened, queued: true, waiting };
        }
        // Built on every path (equal work); queued only when due.
        const subscriber = toSubscriber(row);
        confirmation(subscriber);
        return { subscriber, queued: false, waiting };
      });
    },
    releaseWaitingConfirmations(confirmation, now, limits, max) {
      return writeTransaction(db, () => {
        let queued = 0;
        for (const row of waitingRows.all(max) as unknown as SubscriberRow[]) {
          const decision = row.status === "pending" ? decide(row, now, limits) : "skip";
          if (decision === "wait for the hour") break;
          if (decision === "wait for the domain") continue;
          if (decision === "skip") stopWaiting.run(row.id);
          else {
            send(row, confirmation, now, !!row.confirm_proven);
            queued++;
          }
        }
        return { queued, waiting: (waitingCount.get() as { n: number }).n };
      });
    },
    confirmationLoad(domain, now) {
      const hourAgo = ago(now, confirmationBudgetWindowMs);
      return {
        allLastHour: (allMailed.get(hourAgo) as { n: number }).n,
        domainLastHour: (domainMailed.get(domain, hourAgo) as { n: number }).n,
        waiting: (waitingCount.get() as { n: number }).n,
      };
    },
    getSubscriber(id) {
      const row = select.get(id) as SubscriberRow | undefined;
      return row && toSubscriber(row);
    },
    // The webhooks of a change are queued in its transaction.
    confirmSubscriber: (id, nonce, now) =>
      writeTransaction(db, () => {
        const changed =
          confirm.run(now.toISOString(), now.toISOString(), id, nonce, ago(now, confirmationLinkLifetimeMs)).changes >
          0;
        if (changed) handOff("subscriber.confirmed", id, now);
        return changed;
      }),
    unsubscribe: (id, now) =>
      writeTransaction(db, () => {
        const before = select.get(id) as SubscriberRow | undefined;
        const changed = unsubscribe.run(now.toISOString(), id).changes > 0;
        if (before?.status === "subscribed") handOff("subscriber.unsubscribed", id, now);
        return changed;
      }),
    subscribers: (list) => ((list ? ofList.all(list) : all.all()) as unknown as SubscriberRow[]).map(toSubscriber),
    perDay: perDay(db, "subscribers"),
  };
}

/** Solved challenges on the shared SQLite file (migration 0051): one-use for every process on it. */
export function sqliteChallengeStore(db: SqliteDatabase): ChallengeStore {
  const spend = db.prepare(
    "INSERT INTO challenge_solutions (challenge, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
  );
  const forget = db.prepare(
    "DELETE FROM challenge_solutions WHERE challenge IN (SELECT challenge FROM challenge_solutions WHERE expires_at < ? LIMIT 20)",
  );
  return {
    spend: (challenge, expiresAt, now) =>
      writeTransaction(db, () => {
        forget.run(now.toISOString());
        return spend.run(challenge, expiresAt.toISOString()).changes > 0;
      }),
  };
}
