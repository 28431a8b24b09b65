/**
 * The lead and subscriber stores on PostgreSQL (DATABASE_URL), for several server instances
 * on one database. Same contract as store-sqlite.ts (the contract suite runs both): each mail
 * is queued in the outbox in the same transaction as its lead or subscriber, and leads go
 * through a group commit (group-commit-postgres.ts): the leads of one turn are written with a
 * handful of statements in one transaction, whatever their number, and answered after COMMIT.
 */
import { randomBytes } from "node:crypto";
import { isoOf, named, pgTransaction, type Pool, type PoolClient } from "../db/postgres.ts";
import { noHandoff, type Handoff } from "../outbox/handoff.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import { queueEntries, queueMail } from "../outbox/outbox-postgres.ts";
import type { OutboxEntry } from "../outbox/outbox-store.ts";
import { attributionColumns, attributionOfRow, attributionValues } from "./attribution.ts";
import { createPostgresGroupCommit, type Outcome } from "./group-commit-postgres.ts";
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

interface SubscriberRow {
  id: number;
  list: string;
  email: string;
  first_name: string;
  last_name: string;
  status: SubscriberStatus;
  created_at: Date;
  confirmed_at: Date | null;
  confirm_nonce: string | null;
  confirm_sent_at: Date | null;
  mailbox_key: string | null;
  mailbox_domain: string | null;
  visitor_id: string | null;
  confirm_proven: boolean;
}
type SubscriberRowWithAttribution = SubscriberRow & Partial<Record<(typeof attributionColumns)[number], string | null>>;

const toSubscriber = (row: SubscriberRowWithAttribution): Subscriber => ({
  id: row.id,
  list: row.list,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  status: row.status,
  createdAt: isoOf(row.created_at)!,
  confirmedAt: isoOf(row.confirmed_at),
  confirmNonce: row.confirm_nonce,
  confirmSentAt: isoOf(row.confirm_sent_at),
  visitorId: row.visitor_id,
  attribution: attributionOfRow(row),
});

/** Rows per UTC day since `since` (ISO), for the usage report. */
const perDay = (pool: Pool, table: "leads" | "subscribers") => {
  const count = named(
    `${table}_per_day`,
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS n FROM ${table} WHERE created_at >= $1 GROUP BY day`,
  );
  return async (since: string) =>
    new Map((await pool.query<{ day: string; n: number }>(count([since]))).rows.map((row) => [row.day, row.n]));
};

type LeadRow = Omit<Lead, "attribution" | "visitorId"> & {
  id: number;
  created_at: Date;
  visitor_id: string | null;
} & Record<(typeof attributionColumns)[number], string | null>;

interface LeadJob {
  lead: Lead;
  notification: (id: number) => OutgoingMail;
  now: Date;
}

const newIds = named("leads_new_ids", "SELECT nextval('leads_id_seq')::bigint AS id FROM generate_series(1, $1)");
const insertLeads = named(
  "leads_insert_many",
  `INSERT INTO leads (id, created_at, domain, type, name, email, subject, details, visitor_id, ${attributionColumns.join(", ")})
   SELECT * FROM unnest($1::bigint[], $2::timestamptz[], ${Array.from({ length: 7 + attributionColumns.length }, (_, i) => `$${i + 3}::text[]`).join(", ")})`,
);
/** One group of leads: ids first (the mails name them), then every lead and every mail or webhook in one statement each. */
async function writeLeads(client: PoolClient, jobs: LeadJob[], handoff: Handoff): Promise<Outcome<{ id: number }>[]> {
  const ids = (await client.query<{ id: number }>(newIds([jobs.length]))).rows
    .map((row) => row.id)
    .sort((a, b) => a - b);
  const outcomes: Outcome<{ id: number }>[] = [];
  const leads: { id: number; job: LeadJob; entries: OutboxEntry[] }[] = [];
  jobs.forEach((job, i) => {
    try {
      const id = ids[i];
      const handedOff = handoff.leadCreated({ id, createdAt: job.now.toISOString(), ...job.lead }, job.now);
      leads.push({ id, job, entries: [job.notification(id), ...handedOff] });
      outcomes.push({ ok: true, value: { id: ids[i] } });
    } catch (error) {
      outcomes.push({ ok: false, error });
    }
  });
  if (leads.length === 0) return outcomes;
  const column = <T>(pick: (entry: (typeof leads)[number]) => T) => leads.map(pick);
  await client.query(
    insertLeads([
      column((l) => l.id),
      column((l) => l.job.now),
      column((l) => l.job.lead.domain),
      column((l) => l.job.lead.type),
      column((l) => l.job.lead.name),
      column((l) => l.job.lead.email),
      column((l) => l.job.lead.subject),
      column((l) => l.job.lead.details),
      column((l) => l.job.lead.visitorId ?? null),
      ...attributionColumns.map((_, i) => column((l) => attributionValues(l.job.lead.attribution)[i])),
    ]),
  );
  await queueEntries(
    client,
    leads.flatMap((l) => l.entries.map((entry) => ({ entry, now: l.job.now, ref: `lead:${l.id}` }))),
  );
  return outcomes;
}

export function postgresLeadStore(
  pool: Pool,
  handoff: Handoff = noHandoff,
): LeadStore & { perDay(since: string): Promise<Map<string, number>>; flush(): Promise<void> } {
  const leadsSince = named("leads_since", "SELECT * FROM leads WHERE created_at >= $1 ORDER BY id");
  const group = createPostgresGroupCommit(pool, (client: PoolClient, jobs: LeadJob[]) =>
    writeLeads(client, jobs, handoff),
  );
  return {
    addLead: (lead, notification, now) => group.run({ lead, notification, now }),
    async leadsSince(since) {
      const { rows } = await pool.query<LeadRow>(leadsSince([since]));
      return rows.map(({ created_at, domain, type, name, email, subject, details, id, visitor_id, ...rest }) => ({
        id,
        createdAt: isoOf(created_at)!,
        ...{ domain, type, name, email, subject, details },
        ...(visitor_id && { visitorId: visitor_id }),
        attribution: attributionOfRow(rest),
      })) satisfies StoredLead[];
    },
    perDay: perDay(pool, "leads"),
    /** Writes the leads queued for the next group now (on shutdown). */
    flush: () => group.flush(),
  };
}

export function postgresSubscriberStore(
  pool: Pool,
  handoff: Handoff = noHandoff,
): SubscriberStore & { perDay(since: string): Promise<Map<string, number>> } {
  const insert = named(
    "subscribers_insert",
    `INSERT INTO subscribers (list, email, email_key, mailbox_key, mailbox_domain, first_name, last_name, status, created_at, updated_at,
       requested_at, visitor_id, ${attributionColumns.join(", ")})
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $8, $8, $9, ${attributionColumns.map((_, i) => `$${i + 10}`).join(", ")})
     ON CONFLICT (list, email_key) DO NOTHING RETURNING *`,
  );
  // The first request that came with a visitor id keeps it and its attribution.
  const keepVisitor = named(
    "subscribers_keep_visitor",
    `UPDATE subscribers SET visitor_id = $1, ${attributionColumns.map((c, i) => `${c} = $${i + 2}`).join(", ")}
     WHERE id = $${attributionColumns.length + 2} AND visitor_id IS NULL`,
  );
  const lockByKey = named(
    "subscribers_lock_by_key",
    "SELECT * FROM subscribers WHERE list = $1 AND email_key = $2 FOR UPDATE",
  );
  // Every request is recorded (requested_at), whatever the address's state: one write each.
  const touch = named("subscribers_touch", "UPDATE subscribers SET requested_at = $1 WHERE id = $2 RETURNING *");
  const refresh = named(
    "subscribers_refresh",
    "UPDATE subscribers SET first_name = $1, last_name = $2, status = 'pending', updated_at = $3, requested_at = $3 WHERE id = $4 RETURNING *",
  );
  const openLink = named(
    "subscribers_open_link",
    "UPDATE subscribers SET confirm_nonce = $1, confirm_sent_at = $2, confirm_waiting_since = NULL, confirm_proven = false WHERE id = $3 RETURNING *",
  );
  // The confirmation limits are counted and spent under one transaction-scoped lock, so two
  // instances cannot both see the last mail of a budget (or of an inbox's day) as free.
  const budgetLock = named("subscribers_budget_lock", "SELECT pg_advisory_xact_lock(4250011)");
  const inboxMailed = named(
    "subscribers_inbox_mailed",
    "SELECT 1 FROM subscribers WHERE mailbox_key = $1 AND confirm_sent_at > $2 AND id != $3 LIMIT 1",
  );
  const domainMailed = named(
    "subscribers_domain_mailed",
    "SELECT count(*)::int AS n FROM subscribers WHERE mailbox_domain = $1 AND confirm_sent_at > $2",
  );
  const allMailed = named(
    "subscribers_all_mailed",
    "SELECT count(*)::int AS n FROM subscribers WHERE confirm_sent_at > $1",
  );
  const wait = named(
    "subscribers_wait",
    "UPDATE subscribers SET confirm_waiting_since = coalesce(confirm_waiting_since, $1), confirm_proven = confirm_proven OR $2 WHERE id = $3",
  );
  const stopWaiting = named(
    "subscribers_stop_waiting",
    "UPDATE subscribers SET confirm_waiting_since = NULL WHERE id = $1",
  );
  const waitingRows = named(
    "subscribers_waiting",
    "SELECT * FROM subscribers WHERE confirm_waiting_since IS NOT NULL ORDER BY confirm_proven DESC, confirm_waiting_since, id LIMIT $1",
  );
  const waitingCount = named(
    "subscribers_waiting_count",
    "SELECT count(*)::int AS n FROM subscribers WHERE confirm_waiting_since IS NOT NULL",
  );
  const select = named("subscribers_select", "SELECT * FROM subscribers WHERE id = $1");
  const confirm = named(
    "subscribers_confirm",
    `UPDATE subscribers SET status = 'subscribed', confirmed_at = coalesce(confirmed_at, $1), updated_at = $1, confirm_nonce = NULL
     WHERE id = $2 AND status = 'pending' AND confirm_nonce = $3 AND confirm_sent_at > $4 RETURNING *`,
  );
  // `before`: the status it had, so only a subscribed address's unsubscribe is handed off.
  const unsubscribe = named(
    "subscribers_unsubscribe",
    `UPDATE subscribers s SET status = 'unsubscribed', confirm_nonce = NULL, updated_at = $1
     FROM (SELECT id, status AS before FROM subscribers WHERE id = $2 FOR UPDATE) old WHERE s.id = old.id RETURNING s.*, old.before`,
  );
  const all = named("subscribers_all", "SELECT * FROM subscribers ORDER BY id");
  const ofList = named("subscribers_of_list", "SELECT * FROM subscribers WHERE list = $1 ORDER BY id");
  const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
  const one = async (client: PoolClient, query: ReturnType<typeof select>) =>
    (await client.query<SubscriberRow>(query)).rows[0];
  const handedOff = (event: "subscriber.confirmed" | "subscriber.unsubscribed", subscriber: Subscriber, now: Date) =>
    handoff
      .subscriberChanged(event, subscriber, now)
      .map((entry) => ({ entry, now, ref: `subscriber:${subscriber.id}` }));
  const count = async (client: PoolClient, query: ReturnType<typeof select>) =>
    (await client.query<{ n: number }>(query)).rows[0].n;
  const decide = async (client: PoolClient, row: SubscriberRow, now: Date, limits: ConfirmationLimits) => {
    await client.query(budgetLock());
    const hourAgo = ago(now, confirmationBudgetWindowMs);
    return decideConfirmation(
      {
        inboxMailedToday:
          (await client.query(inboxMailed([row.mailbox_key, ago(now, confirmationMailIntervalMs), row.id]))).rows
            .length > 0,
        domainLastHour: await count(client, domainMailed([row.mailbox_domain, hourAgo])),
        allLastHour: await count(client, allMailed([hourAgo])),
      },
      limits,
    );
  };
  /** Opens a new confirmation link and queues its mail (ahead of the others when the sign-up was proven). */
  const send = async (
    client: PoolClient,
    row: SubscriberRow,
    confirmation: (subscriber: Subscriber) => OutgoingMail,
    now: Date,
    proven: boolean,
  ) => {
    const opened = toSubscriber(await one(client, openLink([randomBytes(16).toString("base64url"), now, row.id])));
    await queueMail(client, provenIf(proven, confirmation(opened)), now);
    return opened;
  };
  return {
    addSubscriber(entry, confirmation, now, limits = defaultConfirmationLimits) {
      return pgTransaction(pool, async (client) => {
        const key = entry.email.toLowerCase();
        const mailbox = mailboxOf(entry.email);
        // A new address is inserted; one already there (also one inserted a moment ago by
        // another instance) is locked, then touched or refreshed: one row per list and address.
        const visitor = [entry.visitorId ?? null, ...attributionValues(entry.attribution)];
        let row = await one(
          client,
          insert([
            entry.list,
            entry.email,
            key,
            mailbox.key,
            mailbox.domain,
            entry.firstName,
            entry.lastName,
            now,
            ...visitor,
          ]),
        );
        if (!row) {
          const existing = await one(client, lockByKey([entry.list, key]));
          if (entry.visitorId && !existing.visitor_id) await client.query(keepVisitor([...visitor, existing.id]));
          row =
            existing.status === "subscribed"
              ? await one(client, touch([now, existing.id]))
              : await one(
                  client,
                  refresh([
                    entry.firstName || existing.first_name,
                    entry.lastName || existing.last_name,
                    now,
                    existing.id,
                  ]),
                );
        }
        const due =
          row.status !== "subscribed" &&
          (row.confirm_nonce === null ||
            row.confirm_sent_at === null ||
            row.confirm_sent_at <= ago(now, confirmationMailIntervalMs));
        const decision = due ? await decide(client, row, now, limits) : "skip";
        const waiting = decision.startsWith("wait");
        if (waiting) await client.query(wait([now, !!entry.proven, row.id]));
        if (decision === "send")
          return { subscriber: await send(client, row, confirmation, now, !!entry.proven), queued: true, waiting };
        // Built on every path (equal work); queued only when due.
        const subscriber = toSubscriber(row);
        confirmation(subscriber);
        return { subscriber, queued: false, waiting };
      });
    },
    releaseWaitingConfirmations(confirmation, now, limits, max) {
      return pgTransaction(pool, async (client) => {
        let queued = 0;
        for (const row of (await client.query<SubscriberRow>(waitingRows([max]))).rows) {
          const decision = row.status === "pending" ? await decide(client, row, now, limits) : "skip";
          if (decision === "wait for the hour") break;
          if (decision === "wait for the domain") continue;
          if (decision === "skip") await client.query(stopWaiting([row.id]));
          else {
            await send(client, row, confirmation, now, row.confirm_proven);
            queued++;
          }
        }
        return { queued, waiting: await count(client, waitingCount()) };
      });
    },
    async confirmationLoad(domain, now) {
      const hourAgo = ago(now, confirmationBudgetWindowMs);
      const [all, ofDomain, waiting] = await Promise.all([
        pool.query<{ n: number }>(allMailed([hourAgo])),
        pool.query<{ n: number }>(domainMailed([domain, hourAgo])),
        pool.query<{ n: number }>(waitingCount()),
      ]);
      return { allLastHour: all.rows[0].n, domainLastHour: ofDomain.rows[0].n, waiting: waiting.rows[0].n };
    },
    async getSubscriber(id) {
      const row = (await pool.query<SubscriberRow>(select([id]))).rows[0];
      return row && toSubscriber(row);
    },
    // The webhooks of a change are queued in its transaction.
    confirmSubscriber: (id, nonce, now) =>
      pgTransaction(pool, async (client) => {
        const row = await one(client, confirm([now, id, nonce, ago(now, confirmationLinkLifetimeMs)]));
        if (row) await queueEntries(client, handedOff("subscriber.confirmed", toSubscriber(row), now));
        return !!row;
      }),
    unsubscribe: (id, now) =>
      pgTransaction(pool, async (client) => {
        const row = (await client.query<SubscriberRow & { before: SubscriberStatus }>(unsubscribe([now, id]))).rows[0];
        if (row?.before === "subscribed")
          await queueEntries(client, handedOff("subscriber.unsubscribed", toSubscriber(row), now));
        return !!row;
      }),
    subscribers: async (list) =>
      (await pool.query<SubscriberRow>(list ? ofList([list]) : all())).rows.map(toSubscriber),
    perDay: perDay(pool, "subscribers"),
  };
}

/** Solved challenges in the shared database (migration 0051): one-use for every instance. */
export function postgresChallengeStore(pool: Pool): ChallengeStore {
  const spend = named(
    "challenge_spend",
    "INSERT INTO challenge_solutions (challenge, expires_at) VALUES ($1, $2) ON CONFLICT (challenge) DO NOTHING",
  );
  const forget = named(
    "challenge_forget",
    "DELETE FROM challenge_solutions WHERE challenge IN (SELECT challenge FROM challenge_solutions WHERE expires_at < $1 LIMIT 20)",
  );
  return {
    async spend(challenge, expiresAt, now) {
      await pool.query(forget([now]));
      return ((await pool.query(spend([challenge, expiresAt]))).rowCount ?? 0) > 0;
    },
  };
}
