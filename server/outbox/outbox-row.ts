/**
 * How an outbox entry maps to a row and back, the same on every engine: the `mail` column
 * holds the entry as JSON (a mail without its priority, which has its own column; a request
 * as it is), `channel` says which worker takes it.
 */
import { priorityOf, priorityRank, type OutgoingMail } from "./mail.ts";
import {
  channelOf,
  isRequest,
  type Channel,
  type Claimed,
  type DeliveryState,
  type OutboxEntry,
} from "./outbox-store.ts";

/** The columns an entry is written to. */
export function outboxRow(entry: OutboxEntry): { content: string; rank: number; channel: Channel } {
  if (isRequest(entry)) return { content: JSON.stringify(entry), rank: priorityRank.normal, channel: "http" };
  const { priority = "normal", ...content } = entry;
  return { content: JSON.stringify(content), rank: priorityRank[priority], channel: channelOf(entry) };
}

export interface OutboxRow {
  id: number;
  mail: OutboxEntry;
  attempts: number;
  created_at: Date;
  priority: number;
  channel: Channel;
}

/** A claimed row as the worker gets it: a mail with its priority again, a request as queued. */
export function entryOfRow(row: OutboxRow): Claimed {
  const entry =
    row.channel === "http" ? row.mail : { ...(row.mail as OutgoingMail), priority: priorityOf(row.priority) };
  return { ...entry, id: row.id, attempts: row.attempts, createdAt: row.created_at };
}

/** The row a delivery state is read from; times as the engine gives them (ISO text or Date). */
export interface StateRow<T extends string | Date> {
  id: number;
  ref: string;
  channel: Channel;
  mail: OutboxEntry;
  attempts: number;
  last_error: string | null;
  created_at: T;
  delivered_at: T | null;
  given_up_at: T | null;
  next_attempt_at: T;
}

const iso = (time: string | Date | null) => (time === null ? null : new Date(time).toISOString());

export function deliveryState(row: StateRow<string | Date>): DeliveryState {
  const entry = row.mail;
  const done = row.delivered_at ?? row.given_up_at;
  return {
    id: Number(row.id),
    ref: row.ref,
    channel: row.channel,
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
