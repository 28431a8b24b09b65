/**
 * The OutboxStore (outbox-store.ts) on either engine, through the query layer: the `outbox`
 * table (migrations 0003, 0004-outbox-leases and 0030-outbox-channels), shared by every
 * worker of every instance. A claim is one `UPDATE … WHERE id IN (due rows) RETURNING`: on
 * PostgreSQL the due rows are locked skipping those another claim holds (FOR UPDATE SKIP
 * LOCKED), on SQLite the single writer makes the claim exclusive. A worker that dies mid-send
 * leaves the row to come due again when its lease ends, and another sends it with the same
 * Message-ID (mail.ts: messageIdFor) or webhook-id.
 *
 * The worker's own writes (claims, marks) commit without waiting for the disk: losing one to a
 * power cut only means an entry is sent again, which at-least-once delivery allows anyway.
 */
import { sql } from "kysely";
import { transaction, type Db } from "../db/query.ts";
import { inList, jsonOf, jsonText, lockedForClaim } from "../db/sql.ts";
import { priorityRanks } from "./mail.ts";
import { deliveryState, entryOfRow, outboxRow, type OutboxRow } from "./outbox-row.ts";
import type { Channel, OutboxBacklog, OutboxEntry, OutboxStore } from "./outbox-store.ts";

/** Queues entries, due at once, on `db`: inside the caller's transaction when it is one (a lead's, a publish's). */
export async function queueEntries(
  db: Db,
  entries: readonly { entry: OutboxEntry; now: Date; ref?: string; onceKey?: string }[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = entries.map(({ entry, now, ref, onceKey }) => {
    const { content, rank, channel } = outboxRow(entry);
    const at = now.toISOString();
    return {
      created_at: at,
      mail: content,
      next_attempt_at: at,
      priority: rank,
      channel,
      ref: ref ?? null,
      once_key: onceKey ?? null,
    };
  });
  // A once key already queued (by any instance) is not queued again (the partial unique index).
  const { numInsertedOrUpdatedRows } = await db
    .insertInto("outbox")
    .values(rows)
    .onConflict((conflict) => conflict.column("once_key").where("once_key", "is not", null).doNothing())
    .executeTakeFirst();
  return Number(numInsertedOrUpdatedRows ?? 0);
}

/**
 * The rows a claim takes: open, of one channel and a known priority, due by `now`, high
 * priority first, then the earliest due. It searches the outbox_claim index per priority in
 * index order (outbox-store.test.ts checks SQLite's plan).
 */
export const dueRows = (db: Db, channel: Channel, now: Date, limit: number) =>
  db
    .selectFrom("outbox")
    .select("id")
    .where("delivered_at", "is", null)
    .where("given_up_at", "is", null)
    .where("channel", "=", channel)
    .where("priority", "in", priorityRanks)
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("priority")
    .orderBy("next_attempt_at")
    .limit(limit);

/** The reason kept of a failure: enough for the console, never a whole server transcript. */
const reasonOf = (reason: string) => reason.slice(0, 500);

export function sqlOutboxStore(db: Db): OutboxStore {
  /** One write in its own transaction, committed without waiting for the disk. */
  const quick = <T>(work: (tx: Db) => Promise<T>) => transaction(db, work, { waitForDisk: false });
  const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
    Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0);

  return {
    async add(entry, now, ref) {
      await queueEntries(db, [{ entry, now, ref }]);
    },
    async addOnce(entry, now, onceKey) {
      return (await queueEntries(db, [{ entry, now, onceKey }])) > 0;
    },
    async claimDue(workerId, now, leaseMs, limit, channel = "mail") {
      const rows = await quick((tx) =>
        tx
          .updateTable("outbox")
          .set({ next_attempt_at: new Date(now.getTime() + leaseMs).toISOString(), leased_by: workerId })
          .where("id", "in", lockedForClaim(tx, dueRows(tx, channel, now, limit)))
          .returning(["id", "mail", "attempts", "created_at", "priority", "channel"])
          .execute(),
      );
      return (
        rows
          // RETURNING does not keep the subquery's order.
          .sort((a, b) => a.priority - b.priority || a.id - b.id)
          .map((row) =>
            entryOfRow({
              ...row,
              mail: jsonOf<OutboxEntry>(row.mail),
              created_at: new Date(row.created_at),
              channel: row.channel as Channel,
            } satisfies OutboxRow),
          )
      );
    },
    async markDelivered(id, now) {
      await quick((tx) =>
        tx
          .updateTable("outbox")
          .set((eb) => ({
            delivered_at: now.toISOString(),
            attempts: eb("attempts", "+", 1),
            last_error: null,
            leased_by: null,
          }))
          .where("id", "=", id)
          .execute(),
      );
    },
    async markHandedOver(id, workerId, now) {
      // A delivered row has no lease; one handed over keeps it until the answer.
      const [result] = await quick((tx) =>
        tx
          .updateTable("outbox")
          .set({ delivered_at: now.toISOString() })
          .where("id", "=", id)
          .where("leased_by", "=", workerId)
          .where("delivered_at", "is", null)
          .where("given_up_at", "is", null)
          .execute(),
      );
      return changed(result) > 0;
    },
    async markFailed(id, workerId, retryAt, reason) {
      await quick((tx) =>
        tx
          .updateTable("outbox")
          .set((eb) => ({
            attempts: eb("attempts", "+", 1),
            next_attempt_at: retryAt.toISOString(),
            last_error: reasonOf(reason),
            leased_by: null,
            delivered_at: null,
          }))
          .where("id", "=", id)
          .where("leased_by", "=", workerId)
          .execute(),
      );
    },
    async markGivenUp(id, workerId, now, reason) {
      await quick((tx) =>
        tx
          .updateTable("outbox")
          .set((eb) => ({
            attempts: eb("attempts", "+", 1),
            given_up_at: now.toISOString(),
            last_error: reasonOf(reason),
            leased_by: null,
            delivered_at: null,
          }))
          .where("id", "=", id)
          .where("leased_by", "=", workerId)
          .execute(),
      );
    },
    async release(workerId, ids, now) {
      if (ids.length === 0) return;
      await quick((tx) =>
        tx
          .updateTable("outbox")
          .set({ next_attempt_at: now.toISOString(), leased_by: null })
          .where(inList(tx, "id", ids))
          .where("leased_by", "=", workerId)
          .where("delivered_at", "is", null)
          .execute(),
      );
    },
    async retryNow(now, channel = "mail") {
      const at = now.toISOString();
      const [result] = await quick((tx) =>
        tx
          .updateTable("outbox")
          .set({ next_attempt_at: at })
          .where("delivered_at", "is", null)
          .where("given_up_at", "is", null)
          .where("channel", "=", channel)
          .where("priority", "in", priorityRanks)
          .where("next_attempt_at", ">", at)
          .where("leased_by", "is", null)
          .execute(),
      );
      return changed(result);
    },
    async pruneDelivered(olderThan, limit) {
      const before = olderThan.toISOString();
      // Oldest first, by the index on each column (delivered, given up), so a prune never scans.
      const prune = (tx: Db, column: "delivered_at" | "given_up_at", most: number) =>
        tx
          .deleteFrom("outbox")
          .where(
            "id",
            "in",
            tx
              .selectFrom("outbox")
              .select("id")
              .where(column, "is not", null)
              .where(column, "<", before)
              .orderBy(column)
              .limit(most),
          )
          .executeTakeFirst();
      return quick(async (tx) => {
        const delivered = changed(await prune(tx, "delivered_at", limit));
        return delivered + changed(await prune(tx, "given_up_at", limit - delivered));
      });
    },
    async deliveries(refs) {
      const rows = await db
        .selectFrom("outbox")
        .select([
          "id",
          "ref",
          "channel",
          "mail",
          "attempts",
          "last_error",
          "created_at",
          "delivered_at",
          "given_up_at",
          "next_attempt_at",
        ])
        .where(inList(db, "ref", refs))
        .orderBy("id")
        .execute();
      return rows.map((row) =>
        deliveryState({
          ...row,
          ref: row.ref ?? "",
          channel: row.channel as Channel,
          mail: jsonOf<OutboxEntry>(row.mail),
        }),
      );
    },
    async backlog() {
      const requestKind = jsonText(db, "mail", "kind");
      // A "form" goes to the CRM, a "purge" to the CDN, any other request is a webhook.
      const kind = sql<OutboxBacklog["kind"]>`CASE WHEN channel = 'mail' THEN 'mail'
        WHEN ${requestKind} = 'form' THEN 'crm' WHEN ${requestKind} = 'purge' THEN 'purge' ELSE 'webhook' END`;
      const rows = await db
        .selectFrom("outbox")
        .select((eb) => [
          kind.as("kind"),
          eb.fn.countAll<number>().filterWhere("given_up_at", "is", null).as("open"),
          eb.fn
            .countAll<number>()
            .filterWhere((w) => w.and([w("given_up_at", "is", null), w("attempts", ">", 0)]))
            .as("retrying"),
          eb.fn.min("created_at").filterWhere("given_up_at", "is", null).as("oldest"),
          eb.fn.countAll<number>().filterWhere("given_up_at", "is not", null).as("givenUp"),
        ])
        .where("delivered_at", "is", null)
        .groupBy(sql`1`)
        .execute();
      return rows.map(({ oldest, ...row }) => ({
        ...row,
        open: Number(row.open),
        retrying: Number(row.retrying),
        givenUp: Number(row.givenUp),
        oldestQueuedAt: oldest === null ? null : new Date(oldest),
      }));
    },
  };
}
