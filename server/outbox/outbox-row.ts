/**
 * How an outbox entry maps to a row and back on every engine: `mail` holds the entry as JSON (a
 * mail without its priority, which has its own column), `channel` says which worker takes it.
 */
import type { Selectable } from "kysely";
import type { Database, Db } from "../db/query.ts";
import { jsonOf } from "../db/sql.ts";
import { priorityOf, priorityRank, type OutgoingMail } from "./mail.ts";
import { isRequest, type Channel, type Claimed, type DeliveryState, type OutboxEntry } from "./outbox-store.ts";

/** The columns an entry is written to. */
export function outboxRow(entry: OutboxEntry): { content: string; rank: number; channel: Channel } {
  if (isRequest(entry)) return { content: JSON.stringify(entry), rank: priorityRank.normal, channel: "http" };
  const { priority = "normal", ...content } = entry;
  return { content: JSON.stringify(content), rank: priorityRank[priority], channel: "mail" };
}

/** The row an entry queued at `now` is inserted as, due at once (for inserts of their own, as the group commits'). */
export function outboxValues(entry: OutboxEntry, now: Date, ref: string | null = null, onceKey: string | null = null) {
  const { content, rank, channel } = outboxRow(entry);
  const at = now.toISOString();
  return { created_at: at, mail: content, next_attempt_at: at, priority: rank, channel, ref, once_key: onceKey };
}

/**
 * Queues entries on `db`: inside the caller's transaction when it is one (a lead's, a
 * publish's), so they commit or roll back with it. Returns how many were queued: an entry
 * whose `onceKey` any instance queued before is not (the partial unique index).
 */
export async function queueEntries(
  db: Db,
  entries: readonly { entry: OutboxEntry; now: Date; ref?: string; onceKey?: string }[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const { numInsertedOrUpdatedRows } = await db
    .insertInto("outbox")
    .values(entries.map(({ entry, now, ref, onceKey }) => outboxValues(entry, now, ref, onceKey)))
    .onConflict((conflict) => conflict.column("once_key").where("once_key", "is not", null).doNothing())
    .executeTakeFirst();
  return Number(numInsertedOrUpdatedRows ?? 0);
}

type Row = Selectable<Database["outbox"]>;

/** A claimed row as the worker gets it: a mail with its priority again, a request as queued. */
export function entryOfRow(
  row: Pick<Row, "id" | "mail" | "attempts" | "created_at" | "priority" | "channel">,
): Claimed {
  const stored = jsonOf<OutboxEntry>(row.mail);
  const entry = row.channel === "http" ? stored : { ...(stored as OutgoingMail), priority: priorityOf(row.priority) };
  return { ...entry, id: row.id, attempts: row.attempts, createdAt: new Date(row.created_at) };
}

const iso = (time: string | null) => (time === null ? null : new Date(time).toISOString());

export function deliveryState(row: Row): DeliveryState {
  const entry = jsonOf<OutboxEntry>(row.mail);
  const done = row.delivered_at ?? row.given_up_at;
  return {
    id: row.id,
    ref: row.ref ?? "",
    channel: row.channel as Channel,
    target: isRequest(entry) ? entry.url : entry.to,
    what: isRequest(entry) ? entry.event : entry.subject,
    state: row.delivered_at !== null ? "delivered" : row.given_up_at !== null ? "given up" : "queued",
    attempts: row.attempts,
    lastError: row.last_error,
    queuedAt: iso(row.created_at)!,
    doneAt: iso(done),
    nextAttemptAt: done === null ? iso(row.next_attempt_at) : null,
  };
}
