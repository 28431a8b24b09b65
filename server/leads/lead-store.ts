/**
 * The lead store, written once against the query layer, and the rows a lead is written as, by a
 * group commit per engine (`LeadWrites`): a lead's row, notification and requests commit together.
 */
import type { Db } from "../db/query.ts";
import { utcDay } from "../db/sql.ts";
import { leadFieldsOf, type Handoff } from "../outbox/handoff.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import { outboxValues } from "../outbox/outbox-row.ts";
import type { DailyCounts } from "../measurement/usage-report.ts";
import { attributionFields, attributionOfRow } from "./attribution.ts";
import type { Lead, LeadStore } from "./store.ts";

export interface LeadJob {
  lead: Lead;
  notification: (id: number) => OutgoingMail;
  now: Date;
}

/** Writes leads in groups; each promise resolves once its lead is committed. */
export interface LeadWrites {
  add(job: LeadJob): Promise<{ id: number }>;
  /** Writes what is queued now (on shutdown). */
  flush(): Promise<void>;
}

/** A piece of a group's work: done, or failed alone (the rest of its group commits). */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** After a group's COMMIT: each waiting promise gets its own outcome. */
export function settle(waiting: readonly Settler[], outcomes: readonly Outcome<unknown>[]) {
  waiting.forEach((entry, i) => {
    const outcome = outcomes[i];
    if (outcome.ok) entry.resolve(outcome.value as never);
    else entry.reject(outcome.error);
  });
}
/** A promise of a queued piece of work, to settle when its group has committed (or failed). */
export interface Settler {
  resolve: (value: never) => void;
  reject: (error: unknown) => void;
}

/** The leads row of a job, without its id. */
export const leadRow = ({ lead, now }: LeadJob) => ({
  created_at: now.toISOString(),
  ...leadFieldsOf(lead),
  visitor_id: lead.visitorId ?? null,
  ...attributionFields(lead.attribution),
});

/** Lead `id`'s outbox rows: its notification, then its webhook and CRM requests; throws when one cannot be built. */
export function leadEntries(job: LeadJob, id: number, handoff: Handoff) {
  const { lead, notification, now } = job;
  const requests = handoff.leadCreated({ id, createdAt: now.toISOString(), ...lead }, now);
  return [notification(id), ...requests].map((entry) => outboxValues(entry, now, `lead:${id}`));
}

/** Rows per UTC day since `since` (ISO), for the usage report. */
export const perDay =
  (db: Db, table: "leads" | "subscribers") =>
  async (since: string): Promise<Map<string, number>> => {
    const day = utcDay(db, "created_at");
    const rows = await db
      .selectFrom(table as "leads")
      .select((eb) => [day.as("day"), eb.fn.countAll<number>().as("n")])
      .where("created_at", ">=", since)
      .groupBy(day)
      .execute();
    return new Map(rows.map((row) => [row.day, Number(row.n)]));
  };

export function leadStore(db: Db, writes: LeadWrites): LeadStore & DailyCounts & { flush(): Promise<void> } {
  return {
    addLead: (lead, notification, now) => writes.add({ lead, notification, now }),
    async leadsSince(since) {
      const rows = await db
        .selectFrom("leads")
        .selectAll()
        .where("created_at", ">=", since.toISOString())
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        ...leadFieldsOf(row),
        ...(row.visitor_id && { visitorId: row.visitor_id }),
        attribution: attributionOfRow(row),
      }));
    },
    perDay: perDay(db, "leads"),
    flush: () => writes.flush(),
  };
}
