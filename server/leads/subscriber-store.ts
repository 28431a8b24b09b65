/** The newsletter's subscribers: each change commits with the mail or webhooks it queues. */
import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import { transaction, type Db } from "../db/query.ts";
import type { SubscribersTable } from "../db/schema.ts";
import { flagOf, lockedForUpdate, lockForTransaction } from "../db/sql.ts";
import { noHandoff, type Handoff } from "../outbox/handoff.ts";
import { queueEntries } from "../outbox/outbox-row.ts";
import type { OutboxEntry } from "../outbox/outbox-store.ts";
import type { DailyCounts } from "../measurement/usage-report.ts";
import { attributionFields, attributionOfRow } from "./attribution.ts";
import { provenIf } from "./challenge.ts";
import { perDay } from "./lead-store.ts";
import { mailboxOf } from "./mailbox.ts";
import {
  confirmationBudgetWindowMs,
  confirmationLinkLifetimeMs,
  confirmationMailIntervalMs,
  decideConfirmation,
  defaultConfirmationLimits,
  type Confirmation,
  type ConfirmationLimits,
  type Subscriber,
  type SubscriberStatus,
  type SubscriberStore,
} from "./store.ts";

type Row = Selectable<SubscribersTable>;

const toSubscriber = (row: Row): Subscriber => ({
  id: row.id,
  list: row.list,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  status: row.status as SubscriberStatus,
  createdAt: row.created_at,
  confirmedAt: row.confirmed_at,
  confirmNonce: row.confirm_nonce,
  confirmSentAt: row.confirm_sent_at,
  visitorId: row.visitor_id,
  attribution: attributionOfRow(row),
});

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/** The lock the confirmation budgets are counted and spent under (lockForTransaction). */
const budgetLock = 4250011;

export function subscriberStore(db: Db, handoff: Handoff = noHandoff): SubscriberStore & DailyCounts {
  const subscribers = (tx: Db) => tx.selectFrom("subscribers");
  const count = async (tx: Db, where: (query: ReturnType<typeof subscribers>) => ReturnType<typeof subscribers>) => {
    const { n } = await where(subscribers(tx))
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    return Number(n);
  };
  const waiting = (tx: Db) => count(tx, (query) => query.where("confirm_waiting_since", "is not", null));
  /** Confirmation mails of the last hour, in all and to one domain (each counted from an index). */
  const lastHour = async (tx: Db, domain: string | null, now: Date) => {
    const since = (query: ReturnType<typeof subscribers>) =>
      query.where("confirm_sent_at", ">", ago(now, confirmationBudgetWindowMs));
    return {
      allLastHour: await count(tx, since),
      domainLastHour: await count(tx, (query) => since(query).where("mailbox_domain", "=", domain)),
    };
  };
  const update = (tx: Db) => tx.updateTable("subscribers");
  const queue = (tx: Db, entries: OutboxEntry[], now: Date, ref?: string) =>
    queueEntries(
      tx,
      entries.map((entry) => ({ entry, now, ref })),
    );
  const handOff = (tx: Db, event: "subscriber.confirmed" | "subscriber.unsubscribed", row: Row, now: Date) =>
    queue(tx, handoff.subscriberChanged(event, toSubscriber(row), now), now, `subscriber:${row.id}`);
  // Two instances must not both see the last mail of a budget (or of an inbox's day) as free.
  const decide = async (tx: Db, row: Row, now: Date, limits: ConfirmationLimits) => {
    await lockForTransaction(tx, budgetLock);
    const inboxMailed = await subscribers(tx)
      .select("id")
      .where("mailbox_key", "=", row.mailbox_key)
      .where("confirm_sent_at", ">", ago(now, confirmationMailIntervalMs))
      .where("id", "!=", row.id)
      .limit(1)
      .executeTakeFirst();
    return decideConfirmation(
      { inboxMailedToday: !!inboxMailed, ...(await lastHour(tx, row.mailbox_domain, now)) },
      limits,
    );
  };
  /** Opens a new confirmation link and queues its mail (ahead of the others when the sign-up was proven). */
  const send = async (tx: Db, row: Row, confirmation: Confirmation, now: Date, proven: boolean) => {
    const link = { confirm_nonce: randomBytes(16).toString("base64url"), confirm_sent_at: now.toISOString() };
    const opened = await update(tx)
      .set({ ...link, confirm_waiting_since: null, confirm_proven: false })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await queue(tx, [provenIf(proven, confirmation(toSubscriber(opened)))], now);
    return toSubscriber(opened);
  };

  return {
    addSubscriber(entry, confirmation, now, limits = defaultConfirmationLimits) {
      return transaction(db, async (tx) => {
        const at = now.toISOString();
        const key = entry.email.toLowerCase();
        const mailbox = mailboxOf(entry.email);
        const visitor = { visitor_id: entry.visitorId ?? null, ...attributionFields(entry.attribution) };
        // One already there (maybe inserted by another instance a moment ago) is locked, then refreshed.
        const address = { list: entry.list, email: entry.email, email_key: key, mailbox_key: mailbox.key };
        const names = { mailbox_domain: mailbox.domain, first_name: entry.firstName, last_name: entry.lastName };
        const times = { created_at: at, updated_at: at, requested_at: at };
        let row = await tx
          .insertInto("subscribers")
          .values({ ...address, ...names, status: "pending", ...times, ...visitor })
          .onConflict((conflict) => conflict.columns(["list", "email_key"]).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!row) {
          const existing = await lockedForUpdate(
            tx,
            subscribers(tx).selectAll().where("list", "=", entry.list).where("email_key", "=", key),
          ).executeTakeFirstOrThrow();
          // The first request that came with a visitor id keeps it and its attribution.
          if (entry.visitorId && !existing.visitor_id)
            await update(tx).set(visitor).where("id", "=", existing.id).execute();
          // Every request is recorded (requested_at), whatever the address's state: one write each.
          const refresh = {
            first_name: entry.firstName || existing.first_name,
            last_name: entry.lastName || existing.last_name,
            status: "pending",
            updated_at: at,
          };
          row = await update(tx)
            .set({ requested_at: at, ...(existing.status !== "subscribed" && refresh) })
            .where("id", "=", existing.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        const due =
          row.status !== "subscribed" &&
          (row.confirm_nonce === null ||
            row.confirm_sent_at === null ||
            row.confirm_sent_at <= ago(now, confirmationMailIntervalMs));
        const decision = due ? await decide(tx, row, now, limits) : "skip";
        const waits = decision.startsWith("wait");
        if (waits)
          await update(tx)
            .set((eb) => ({
              confirm_waiting_since: eb.fn.coalesce("confirm_waiting_since", eb.val(at)),
              ...(entry.proven && { confirm_proven: true }),
            }))
            .where("id", "=", row.id)
            .execute();
        if (decision === "send")
          return { subscriber: await send(tx, row, confirmation, now, !!entry.proven), queued: true, waiting: waits };
        // Built on every path (equal work); queued only when due.
        const subscriber = toSubscriber(row);
        confirmation(subscriber);
        return { subscriber, queued: false, waiting: waits };
      });
    },
    releaseWaitingConfirmations(confirmation, now, limits, max) {
      return transaction(db, async (tx) => {
        let queued = 0;
        const rows = await subscribers(tx)
          .selectAll()
          .where("confirm_waiting_since", "is not", null)
          .orderBy("confirm_proven", "desc")
          .orderBy("confirm_waiting_since")
          .orderBy("id")
          .limit(max)
          .execute();
        for (const row of rows) {
          const decision = row.status === "pending" ? await decide(tx, row, now, limits) : "skip";
          if (decision === "wait for the hour") break;
          if (decision === "wait for the domain") continue;
          if (decision === "skip")
            await update(tx).set({ confirm_waiting_since: null }).where("id", "=", row.id).execute();
          else {
            await send(tx, row, confirmation, now, flagOf(row.confirm_proven));
            queued++;
          }
        }
        return { queued, waiting: await waiting(tx) };
      });
    },
    confirmationLoad: async (domain, now) => ({ ...(await lastHour(db, domain, now)), waiting: await waiting(db) }),
    async getSubscriber(id) {
      const row = await subscribers(db).selectAll().where("id", "=", id).executeTakeFirst();
      return row && toSubscriber(row);
    },
    // The webhooks of a change are queued in its transaction.
    confirmSubscriber: (id, nonce, now) =>
      transaction(db, async (tx) => {
        const at = now.toISOString();
        const row = await update(tx)
          .set((eb) => ({
            status: "subscribed",
            confirmed_at: eb.fn.coalesce("confirmed_at", eb.val(at)),
            updated_at: at,
            confirm_nonce: null,
          }))
          .where("id", "=", id)
          .where("status", "=", "pending")
          .where("confirm_nonce", "=", nonce)
          .where("confirm_sent_at", ">", ago(now, confirmationLinkLifetimeMs))
          .returningAll()
          .executeTakeFirst();
        if (row) await handOff(tx, "subscriber.confirmed", row, now);
        return !!row;
      }),
    unsubscribe: (id, now, by) =>
      transaction(db, async (tx) => {
        const before = await lockedForUpdate(
          tx,
          subscribers(tx).select("status").where("id", "=", id),
        ).executeTakeFirst();
        const row = await update(tx)
          .set({
            status: "unsubscribed",
            confirm_nonce: null,
            updated_at: now.toISOString(),
            left_at: now.toISOString(),
            left_by: by,
          })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirst();
        if (row && before?.status === "subscribed") await handOff(tx, "subscriber.unsubscribed", row, now);
        return !!row;
      }),
    subscribers: async (list) =>
      (
        await subscribers(db)
          .selectAll()
          .$if(Boolean(list), (query) => query.where("list", "=", list!))
          .orderBy("id")
          .execute()
      ).map(toSubscriber),
    perDay: perDay(db, "subscribers"),
  };
}
