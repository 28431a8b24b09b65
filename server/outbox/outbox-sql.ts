/**
 * The OutboxStore on either engine. A claim is one `UPDATE … WHERE id IN (due rows) RETURNING`:
 * PostgreSQL skips rows another claim locked (sql.ts: lockedForClaim), SQLite's single writer is
 * exclusive. The worker's writes commit without waiting for the disk: losing one to a power cut
 * only sends an entry again, which at-least-once delivery allows anyway.
 */
import { sql, type ExpressionBuilder, type UpdateObject, type UpdateQueryBuilder, type UpdateResult } from "kysely";
import { transaction, type Database, type Db } from "../db/query.ts";
import { inList, jsonText, lockedForClaim } from "../db/sql.ts";
import { priorityRanks } from "./mail.ts";
import { deliveryState, entryOfRow, queueEntries } from "./outbox-row.ts";
import type { Channel, OutboxBacklog, OutboxStore } from "./outbox-store.ts";

/** Neither delivered nor given up. */
const open = (eb: ExpressionBuilder<Database, "outbox">) =>
  eb.and([eb("delivered_at", "is", null), eb("given_up_at", "is", null)]);
/** The open rows of `channel`, as the outbox_claim index covers them: searched once per known priority. */
const openIn = (channel: Channel) => (eb: ExpressionBuilder<Database, "outbox">) =>
  eb.and([open(eb), eb("channel", "=", channel), eb("priority", "in", priorityRanks)]);

/** The rows a claim takes, in the outbox_claim index's order (outbox-store.test.ts checks SQLite's plan). */
export const dueRows = (db: Db, channel: Channel, now: Date, limit: number) =>
  db
    .selectFrom("outbox")
    .select("id")
    .where(openIn(channel))
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("priority")
    .orderBy("next_attempt_at")
    .limit(limit);

type OutboxUpdate = UpdateQueryBuilder<Database, "outbox", "outbox", UpdateResult>;
const oneMoreAttempt = sql<number>`attempts + 1`;

export function sqlOutboxStore(db: Db): OutboxStore {
  /** One write in its own transaction, committed without waiting for the disk. */
  const quick = <T>(work: (tx: Db) => Promise<T>) => transaction(db, work, { waitForDisk: false });
  /** Sets `changes` on the rows `which` narrows to; how many there were. */
  const update = async (changes: UpdateObject<Database, "outbox">, which: (query: OutboxUpdate) => OutboxUpdate) => {
    const { numUpdatedRows } = await quick((tx) => which(tx.updateTable("outbox").set(changes)).executeTakeFirst());
    return Number(numUpdatedRows);
  };
  /** The entry while `workerId` holds its lease (outbox-store.ts: whose marks count). */
  const leased = (id: number, workerId: string) => (query: OutboxUpdate) =>
    query.where("id", "=", id).where("leased_by", "=", workerId);
  /** A failed or refused attempt: counted, the lease released, a hand-over undone. */
  const failed = (reason: string) => ({
    attempts: oneMoreAttempt,
    last_error: reason.slice(0, 500),
    leased_by: null,
    delivered_at: null,
  });

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
      // RETURNING does not keep the subquery's order.
      return rows.sort((a, b) => a.priority - b.priority || a.id - b.id).map(entryOfRow);
    },
    async markDelivered(id, now) {
      const changes = { delivered_at: now.toISOString(), attempts: oneMoreAttempt, last_error: null, leased_by: null };
      await update(changes, (query) => query.where("id", "=", id));
    },
    async markHandedOver(id, workerId, now) {
      // Delivered, but keeping its lease until the answer is recorded.
      return (await update({ delivered_at: now.toISOString() }, (q) => leased(id, workerId)(q).where(open))) > 0;
    },
    async markFailed(id, workerId, retryAt, reason) {
      await update({ ...failed(reason), next_attempt_at: retryAt.toISOString() }, leased(id, workerId));
    },
    async markGivenUp(id, workerId, now, reason) {
      await update({ ...failed(reason), given_up_at: now.toISOString() }, leased(id, workerId));
    },
    async release(workerId, ids, now) {
      if (ids.length === 0) return;
      // A handed-over entry keeps its lease: its answer is still to be recorded.
      await update({ next_attempt_at: now.toISOString(), leased_by: null }, (query) =>
        query
          .where(inList(db, "id", ids))
          .where("leased_by", "=", workerId)
          .where("delivered_at", "is", null),
      );
    },
    async retryNow(now, channel = "mail") {
      const at = now.toISOString();
      return update({ next_attempt_at: at }, (query) =>
        query.where(openIn(channel)).where("next_attempt_at", ">", at).where("leased_by", "is", null),
      );
    },
    async pruneDelivered(olderThan, limit) {
      const before = olderThan.toISOString();
      // Oldest first, by the index on each column (delivered, given up), so a prune never scans.
      const prune = async (tx: Db, column: "delivered_at" | "given_up_at", most: number) => {
        const oldest = tx
          .selectFrom("outbox")
          .select("id")
          .where(column, "is not", null)
          .where(column, "<", before)
          .orderBy(column)
          .limit(most);
        const { numDeletedRows } = await tx.deleteFrom("outbox").where("id", "in", oldest).executeTakeFirst();
        return Number(numDeletedRows);
      };
      return quick(async (tx) => {
        const delivered = await prune(tx, "delivered_at", limit);
        return delivered + (await prune(tx, "given_up_at", limit - delivered));
      });
    },
    async deliveries(refs) {
      const about = db
        .selectFrom("outbox")
        .selectAll()
        .where(inList(db, "ref", refs));
      return (await about.orderBy("id").execute()).map(deliveryState);
    },
    async backlog() {
      const request = jsonText(db, "mail", "kind");
      // A "form" goes to the CRM, a "purge" to the CDN, any other request is a webhook.
      const kind = sql<OutboxBacklog["kind"]>`CASE WHEN channel = 'mail' THEN 'mail'
        WHEN ${request} = 'form' THEN 'crm' WHEN ${request} = 'purge' THEN 'purge' ELSE 'webhook' END`;
      const rows = await db
        .selectFrom("outbox")
        .select(({ fn, eb }) => [
          kind.as("kind"),
          fn.countAll<number>().filterWhere("given_up_at", "is", null).as("open"),
          fn
            .countAll<number>()
            .filterWhere(eb.and([eb("given_up_at", "is", null), eb("attempts", ">", 0)]))
            .as("retrying"),
          fn.min("created_at").filterWhere("given_up_at", "is", null).as("oldest"),
          fn.countAll<number>().filterWhere("given_up_at", "is not", null).as("givenUp"),
        ])
        .where("delivered_at", "is", null)
        .groupBy(sql`1`)
        .execute();
      return rows.map(({ oldest, ...row }) => ({ ...row, oldestQueuedAt: oldest === null ? null : new Date(oldest) }));
    },
  };
}
