/** The subscribers as the console lists them: counts by status, and a page found by words and status. */
import type { Db } from "../db/query.ts";
import { containsWords } from "../db/sql.ts";
import type { LeadAttribution } from "../measurement/visits.ts";
import { attributionOfRow } from "./attribution.ts";

export interface SubscriberRow {
  id: number;
  list: string;
  email: string;
  firstName: string;
  lastName: string;
  status: "pending" | "subscribed" | "unsubscribed";
  createdAt: string;
  confirmedAt: string | null;
  /** Where its visitor came from (attribution's columns). */
  attribution: LeadAttribution;
}

export interface SubscriberList {
  subscriberCounts(): Promise<Record<SubscriberRow["status"], number>>;
  subscribers(
    filter: { q?: string; status?: SubscriberRow["status"] },
    page: { limit: number; offset: number },
  ): Promise<{ subscribers: SubscriberRow[]; total: number }>;
}

export function subscriberList(db: Db): SubscriberList {
  return {
    async subscriberCounts() {
      const counts = { pending: 0, subscribed: 0, unsubscribed: 0 };
      const rows = await db
        .selectFrom("subscribers")
        .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
        .groupBy("status")
        .execute();
      for (const { status, n } of rows) counts[status as keyof typeof counts] = Number(n);
      return counts;
    },
    async subscribers({ q, status }, { limit, offset }) {
      const query = db
        .selectFrom("subscribers")
        .$if(Boolean(q?.trim()), (query) =>
          query.where(containsWords(db, ["email", "first_name", "last_name"], q!.trim())),
        )
        .$if(Boolean(status), (query) => query.where("status", "=", status!));
      const { n } = await query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      const rows = await query
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        subscribers: rows.map((row) => ({
          id: row.id,
          list: row.list,
          email: row.email,
          firstName: row.first_name,
          lastName: row.last_name,
          status: row.status as SubscriberRow["status"],
          createdAt: row.created_at,
          confirmedAt: row.confirmed_at,
          attribution: attributionOfRow(row),
        })),
        total: Number(n),
      };
    },
  };
}
