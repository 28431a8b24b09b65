/** The subscribers as the console lists them: counts by status, and a page found by words and status. */
import type { Db } from "../db/query.ts";
import { containsWords } from "../db/sql.ts";
import { attributionOfRow } from "./attribution.ts";
import type { Subscriber, SubscriberLeftBy } from "./store.ts";

export type SubscriberRow = Omit<Subscriber, "confirmNonce" | "confirmSentAt" | "visitorId"> & {
  /** When it left (unsubscribed), and how: "link" (a mail's link), "console" (by hand), null where not recorded (before 0460). */
  left: { at: string; by: SubscriberLeftBy | null } | null;
  /** When a campaign mail to it bounced for good (it gets no more campaigns); null if none did. */
  bouncedAt: string | null;
};

export type SubscriberList = ReturnType<typeof subscriberList>;

export function subscriberList(db: Db) {
  return {
    async subscriberCounts() {
      const counts: Record<SubscriberRow["status"], number> = { pending: 0, subscribed: 0, unsubscribed: 0 };
      const byStatus = db.selectFrom("subscribers").select((eb) => ["status", eb.fn.countAll<number>().as("n")]);
      for (const { status, n } of await byStatus.groupBy("status").execute())
        counts[status as SubscriberRow["status"]] = Number(n);
      return counts;
    },
    async subscribers(
      { q, status }: { q?: string; status?: SubscriberRow["status"] },
      { limit, offset }: { limit: number; offset: number },
    ) {
      const words = q?.trim();
      const query = db
        .selectFrom("subscribers")
        .$if(Boolean(words), (query) => query.where(containsWords(db, ["email", "first_name", "last_name"], words!)))
        .$if(Boolean(status), (query) => query.where("status", "=", status!));
      const { n } = await query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      const newest = query.selectAll().orderBy("created_at", "desc").orderBy("id", "desc");
      const rows = await newest.limit(limit).offset(offset).execute();
      const subscribers = rows.map((row): SubscriberRow => ({
        id: row.id,
        list: row.list,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        status: row.status as SubscriberRow["status"],
        createdAt: row.created_at,
        confirmedAt: row.confirmed_at,
        left:
          row.status === "unsubscribed" && row.left_at
            ? { at: row.left_at, by: row.left_by as SubscriberLeftBy | null }
            : null,
        bouncedAt: row.bounced_at,
        attribution: attributionOfRow(row),
      }));
      return { subscribers, total: Number(n) };
    },
  };
}
