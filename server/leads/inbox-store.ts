/** The leads as the console's inbox works them: a filtered list, status, owner, notes and their history. */
import { sql, type Selectable } from "kysely";
import { isPersonalOrToken } from "#common/attribution.ts";
import { calendarDayError, isCalendarDay } from "#common/calendar-day.ts";
import type { LeadChange, LeadEvent, LeadStatus } from "#common/lead-pipeline.ts";
import { InputRefused } from "../db/errors.ts";
import { transaction, type Db } from "../db/query.ts";
import type { LeadsTable } from "../db/schema.ts";
import type { LeadFields } from "../outbox/handoff.ts";
import { containsWords } from "../db/sql.ts";
import { attributionOfRow } from "./attribution.ts";

export interface LeadFilter {
  /** Words found in the e-mail address, name, subject or text (case-insensitive). */
  q?: string;
  /** First and last UTC day, "YYYY-MM-DD", both included. */
  from?: string;
  to?: string;
  status?: LeadStatus;
  /** The lead's source and campaign as InboxLead names them, exactly. */
  source?: string;
  campaign?: string;
}

/** A lead as the inbox shows it: every column of its row in `fields` (attribution's too, once it adds them). */
export interface InboxLead extends Pick<LeadFields, "name" | "email" | "subject" | "details"> {
  id: number;
  createdAt: string;
  status: LeadStatus;
  /** The owner account's address; null: nobody. */
  owner: string | null;
  /** The last status, owner or note change; null: none since it came. */
  changedAt: string | null;
  /** Where the person first came from: the first recorded visit's source, else the sending visit's. */
  source: string | null;
  /** The campaign of that same visit. */
  campaign: string | null;
  fields: Record<string, unknown>;
}

export type InboxStore = ReturnType<typeof inboxStore>;

// A lead's source is its first recorded visit's, else the sending visit's; its campaign that visit's.
const leadSource = sql<string | null>`CASE WHEN first_source IS NOT NULL THEN first_source ELSE visit_source END`;
const leadCampaign = sql<string | null>`CASE WHEN first_source IS NOT NULL THEN first_campaign ELSE visit_campaign END`;

/** The day after a "YYYY-MM-DD", for an inclusive last day. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

const toLead = (row: Selectable<LeadsTable>): InboxLead => {
  const { first, visit } = attributionOfRow(row);
  const touch = first ?? visit;
  return {
    id: row.id,
    createdAt: row.created_at,
    name: row.name,
    email: row.email,
    subject: row.subject,
    details: row.details,
    status: row.status as LeadStatus,
    owner: row.owner,
    changedAt: row.changed_at,
    source: touch?.source ?? null,
    campaign: touch?.campaign ?? null,
    fields: { ...row },
  };
};

/** A lead's history, oldest first (also what a data request exports with the lead). */
export const leadHistory = async (db: Db, id: number) =>
  (await db
    .selectFrom("lead_events")
    .select(["id", "at", "account", "kind", "value", "previous"])
    .where("lead_id", "=", id)
    .orderBy("at")
    .orderBy("id")
    .execute()) as LeadEvent[];

export function inboxStore(db: Db) {
  const matching = ({ q, from, to, status, source, campaign }: LeadFilter) => {
    // A day the calendar lacks is refused the same on both engines (PostgreSQL would say it in its own words).
    for (const [name, day] of Object.entries({ from, to }))
      if (day !== undefined && !isCalendarDay(day)) throw new InputRefused(calendarDayError(name, day));
    const words = q?.trim();
    return db
      .selectFrom("leads")
      .$if(Boolean(words), (query) => query.where(containsWords(db, ["email", "name", "subject", "details"], words!)))
      .$if(Boolean(from), (query) => query.where("created_at", ">=", `${from}T00:00:00.000Z`))
      .$if(Boolean(to), (query) => query.where("created_at", "<", dayAfter(to!)))
      .$if(Boolean(status), (query) => query.where("status", "=", status!))
      .$if(Boolean(source), (query) => query.where(leadSource, "=", source!))
      .$if(Boolean(campaign), (query) => query.where(leadCampaign, "=", campaign!));
  };
  const lead = async (id: number) => {
    const row = await db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
    return row && toLead(row);
  };
  const distinct = async (expression: typeof leadSource) => {
    const values = db.selectFrom("leads").select(expression.as("v")).distinct().where(expression, "is not", null);
    return (await values.orderBy("v").execute()).map((row) => row.v!).filter((value) => !isPersonalOrToken(value));
  };

  return {
    /** Newest first. */
    async leads(filter: LeadFilter, { limit, offset }: { limit: number; offset: number }) {
      const query = matching(filter);
      const { n } = await query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      const newest = query.selectAll().orderBy("created_at", "desc").orderBy("id", "desc");
      return { leads: (await newest.limit(limit).offset(offset).execute()).map(toLead), total: Number(n) };
    },
    lead,
    /** The distinct sources and campaigns of every lead, for the inbox's filters. */
    leadFacets: async () => ({ sources: await distinct(leadSource), campaigns: await distinct(leadCampaign) }),
    /** Changes status, owner or notes with one history entry per real change; undefined for no such lead. */
    async changeLead(id: number, { status, owner, note }: LeadChange, account: string, now: Date) {
      const before = await lead(id);
      if (!before) return undefined;
      const at = now.toISOString();
      const events: { kind: LeadEvent["kind"]; value: string; previous: string | null }[] = [];
      if (status !== undefined && status !== before.status)
        events.push({ kind: "status", value: status, previous: before.status });
      if (owner !== undefined && owner !== (before.owner ?? ""))
        events.push({ kind: "owner", value: owner, previous: before.owner ?? "" });
      if (note?.trim()) events.push({ kind: "note", value: note.trim(), previous: null });
      if (events.length)
        await transaction(db, async (tx) => {
          const change = { status: status ?? before.status, owner: (owner ?? before.owner) || null, changed_at: at };
          await tx.updateTable("leads").set(change).where("id", "=", id).execute();
          const rows = events.map((event) => ({ ...event, lead_id: id, at, account }));
          await tx.insertInto("lead_events").values(rows).execute();
        });
      const history = await leadHistory(db, id);
      return { lead: (await lead(id))!, events: history.slice(history.length - events.length) };
    },
    leadHistory: (id: number) => leadHistory(db, id),
  };
}
