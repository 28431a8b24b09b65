/**
 * Everything stored about one person's inbox, in every spelling of it (leads/mailbox.ts), to export or delete it: SQL
 * narrows by inboxLikePatterns, mailboxOf decides. Their outbox rows are mails to them, mails whose replies go to
 * them (a lead's notification to sales), and what is queued about their leads and subscriptions (ref "lead:42").
 */
import { sql, type Expression } from "kysely";
import { transaction, type Db } from "../db/query.ts";
import { inList, jsonOf, jsonText } from "../db/sql.ts";
import { leadHistory } from "../leads/inbox-store.ts";
import { inboxLikePatterns, mailboxOf } from "../leads/mailbox.ts";
import { noHandoff, type Handoff } from "../outbox/handoff.ts";
import { outboxValues } from "../outbox/outbox-row.ts";

/** Everything stored about one e-mail address, in every spelling of its inbox (a data request). */
export interface DataRecords {
  email: string;
  leads: Record<string, unknown>[];
  subscribers: Record<string, unknown>[];
  /** Outbox rows: mails to or about it, and the webhook and CRM requests of its leads and subscriptions. */
  mails: Record<string, unknown>[];
  /** The visitor ids its leads and subscriptions came with. */
  visitIds: string[];
}

export type DataRequests = ReturnType<typeof dataRequests>;

/** The address of a mail header's value: `"Ann" <ann@example.com>` or `ann@example.com`. */
const bareAddress = (value: string) => /<([^<>]*)>\s*$/.exec(value)?.[1] ?? value;

const visitIdsOf = (rows: { visitor_id: string | null }[]) => [
  ...new Set(rows.flatMap((row) => (row.visitor_id ? [row.visitor_id] : []))),
];

/** `handoff`: the webhooks told of an erase (outbox/handoff.ts), queued in its transaction. */
export function dataRequests(db: Db, handoff: Handoff = noHandoff) {
  const records = async (email: string) => {
    const inbox = mailboxOf(email).key;
    const ofInbox = (address: unknown) =>
      typeof address === "string" && address.includes("@") && mailboxOf(bareAddress(address)).key === inbox;
    const patterns = inboxLikePatterns(email);
    const spelled = (expression: Expression<unknown>, wrap = (pattern: string) => pattern) =>
      sql<boolean>`(${sql.join(
        patterns.map((pattern) => sql`lower(${expression}) LIKE ${wrap(pattern)} ESCAPE '\\'`),
        sql` OR `,
      )})`;
    const byEmail = spelled(sql.ref("email"));
    const leads = await db.selectFrom("leads").selectAll().where(byEmail).orderBy("id").execute();
    const subscribers = await db.selectFrom("subscribers").selectAll().where(byEmail).orderBy("id").execute();
    const found = {
      leads: leads.filter((row) => ofInbox(row.email)),
      subscribers: subscribers.filter((row) => ofInbox(row.email)),
    };
    const refs = [
      ...found.leads.map(({ id }) => `lead:${id}`),
      ...found.subscribers.map(({ id }) => `subscriber:${id}`),
    ];
    // A mail field may name the address inside "Name <…>".
    const inField = (field: "to" | "replyTo") => spelled(jsonText(db, "mail", field), (pattern) => `%${pattern}%`);
    const theirs = sql<boolean>`(${inField("to")} OR ${inField("replyTo")} OR ${inList(db, "ref", refs)})`;
    const mails = (await db.selectFrom("outbox").selectAll().where(theirs).orderBy("id").execute())
      .map((row) => ({ ...row, mail: jsonOf(row.mail) }))
      .filter((row) => refs.includes(row.ref ?? "") || ofInbox(row.mail.to) || ofInbox(row.mail.replyTo));
    return { ...found, mails };
  };

  return {
    /** Everything stored about the address's inbox: every spelling of it (leads/mailbox.ts), as the mail limits count one. */
    async dataRequest(email: string): Promise<DataRecords> {
      const key = email.trim().toLowerCase();
      const found = await records(key);
      // A lead's notes may be about the person: its history goes with it.
      const leads = await Promise.all(
        found.leads.map(async (row) => ({ ...row, history: await leadHistory(db, row.id) })),
      );
      return { ...found, email: key, leads, visitIds: visitIdsOf([...found.leads, ...found.subscribers]) };
    },
    /** Deletes what dataRequest finds, with lead.erased and subscriber.erased webhooks (ids only) queued with it. */
    async erase(email: string, now: Date) {
      const { leads, subscribers, mails } = await records(email);
      // Receivers know a lead by lead.created's id, a subscriber by subscriber.confirmed's: only those are told.
      const tell = [
        ...leads.map(({ id }) => [handoff.erased("lead.erased", { id }, now), `erased:lead:${id}`] as const),
        ...subscribers
          .filter((row) => row.confirmed_at)
          .map(
            ({ id, list }) =>
              [handoff.erased("subscriber.erased", { id, list }, now), `erased:subscriber:${id}`] as const,
          ),
      ];
      const queued = tell.flatMap(([requests, ref]) => requests.map((request) => outboxValues(request, now, ref)));
      const ids = (rows: { id: number }[]) => rows.map(({ id }) => id);
      // By the ids found, so what is deleted is what the webhooks are told of.
      await transaction(db, async (tx) => {
        const remove = (table: "outbox" | "lead_events" | "leads" | "subscribers", column: string, rows: number[]) =>
          tx
            .deleteFrom(table)
            .where(inList(tx, column, rows))
            .execute();
        await remove("outbox", "id", ids(mails));
        await remove("lead_events", "lead_id", ids(leads));
        await remove("leads", "id", ids(leads));
        await remove("subscribers", "id", ids(subscribers));
        if (queued.length) await tx.insertInto("outbox").values(queued).execute();
      });
      const visitorIds = visitIdsOf([...leads, ...subscribers]);
      return {
        leads: leads.length,
        subscribers: subscribers.length,
        mails: mails.length,
        visitorIds,
        webhooks: queued.length,
      };
    },
  };
}
