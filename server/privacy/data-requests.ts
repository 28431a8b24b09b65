/**
 * What /privacy promises, in the database: everything stored about one person's inbox, to
 * export it (a data request) or delete it (erase.ts then deletes their measurement rows and mails).
 *
 * A person's records are those of every spelling of their inbox, as the confirmation-mail
 * limits count one (leads/mailbox.ts: +tags, case, dots where ignored): SQL narrows by
 * inboxLikePatterns, mailboxOf decides. An outbox row is theirs when it is a mail sent to it, a
 * mail whose replies go to it (a lead's notification to sales), or anything queued about one of
 * its leads or subscriptions (ref "lead:42", "subscriber:7": webhook and CRM requests carry its data).
 */
import { sql, type Expression } from "kysely";
import { transaction, type Db } from "../db/query.ts";
import { inList, jsonOf, jsonText } from "../db/sql.ts";
import { leadHistory } from "../leads/inbox-store.ts";
import { inboxLikePatterns, mailboxOf } from "../leads/mailbox.ts";
import { noHandoff, type Handoff } from "../outbox/handoff.ts";
import { outboxRow } from "../outbox/outbox-row.ts";

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

export interface DataRequests {
  /** Everything stored about the address's inbox: every spelling of it (leads/mailbox.ts), as the mail limits count one. */
  dataRequest(email: string): Promise<DataRecords>;
  /**
   * Deletes what dataRequest finds (leads, subscriptions and outbox rows of every spelling), and
   * queues lead.erased and subscriber.erased webhooks (by id, nothing more) in the same
   * transaction; returns how many of each and the visitor ids they had, whose measurement rows
   * privacy/erase.ts deletes next.
   */
  erase(
    email: string,
    now: Date,
  ): Promise<{ leads: number; subscribers: number; mails: number; visitorIds: string[]; webhooks: number }>;
}

/** The address of a mail header's value: `"Ann" <ann@example.com>` or `ann@example.com`. */
const bareAddress = (value: string) => /<([^<>]*)>\s*$/.exec(value)?.[1] ?? value;

const visitIdsOf = (rows: { visitor_id: string | null }[]) => [
  ...new Set(rows.flatMap((row) => (row.visitor_id ? [row.visitor_id] : []))),
];

/** `handoff`: the webhooks told of an erase (outbox/handoff.ts), queued in its transaction. */
export function dataRequests(db: Db, handoff: Handoff = noHandoff): DataRequests {
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
    const leads = (
      await db
        .selectFrom("leads")
        .selectAll()
        .where(spelled(sql.ref("email")))
        .orderBy("id")
        .execute()
    ).filter((row) => ofInbox(row.email));
    const subscribers = (
      await db
        .selectFrom("subscribers")
        .selectAll()
        .where(spelled(sql.ref("email")))
        .orderBy("id")
        .execute()
    ).filter((row) => ofInbox(row.email));
    const refs = [...leads.map((row) => `lead:${row.id}`), ...subscribers.map((row) => `subscriber:${row.id}`)];
    // A mail field may name the address inside "Name <…>".
    const inField = (field: "to" | "replyTo") => spelled(jsonText(db, "mail", field), (pattern) => `%${pattern}%`);
    const mails = (
      await db
        .selectFrom("outbox")
        .selectAll()
        .where((eb) => eb.or([inField("to"), inField("replyTo"), inList(db, "ref", refs)]))
        .orderBy("id")
        .execute()
    )
      .map((row) => ({ ...row, mail: jsonOf(row.mail) }))
      .filter((row) => refs.includes(row.ref ?? "") || ofInbox(row.mail.to) || ofInbox(row.mail.replyTo));
    return { leads, subscribers, mails };
  };

  return {
    async dataRequest(email) {
      const key = email.trim().toLowerCase();
      const found = await records(key);
      return {
        email: key,
        // A lead's notes may be about the person: its history goes with it.
        leads: await Promise.all(found.leads.map(async (row) => ({ ...row, history: await leadHistory(db, row.id) }))),
        subscribers: found.subscribers,
        mails: found.mails,
        visitIds: visitIdsOf([...found.leads, ...found.subscribers]),
      };
    },
    async erase(email, now) {
      const found = await records(email);
      const at = now.toISOString();
      // Receivers know a lead by lead.created's id, a subscriber by subscriber.confirmed's: only those are told.
      const tell = [
        ...found.leads.flatMap(({ id }) =>
          handoff.erased("lead.erased", { id }, now).map((request) => [request, `erased:lead:${id}`] as const),
        ),
        ...found.subscribers
          .filter((row) => row.confirmed_at)
          .flatMap(({ id, list }) =>
            handoff
              .erased("subscriber.erased", { id, list }, now)
              .map((request) => [request, `erased:subscriber:${id}`] as const),
          ),
      ];
      const queued = tell.map(([request, ref]) => {
        const { content, rank, channel } = outboxRow(request);
        return { created_at: at, mail: content, next_attempt_at: at, priority: rank, channel, ref };
      });
      const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
      const leadIds = ids(found.leads);
      // By the ids found, so what is deleted is what the webhooks are told of.
      await transaction(db, async (tx) => {
        await tx
          .deleteFrom("outbox")
          .where(inList(tx, "id", ids(found.mails)))
          .execute();
        await tx
          .deleteFrom("lead_events")
          .where(inList(tx, "lead_id", leadIds))
          .execute();
        await tx
          .deleteFrom("leads")
          .where(inList(tx, "id", leadIds))
          .execute();
        await tx
          .deleteFrom("subscribers")
          .where(inList(tx, "id", ids(found.subscribers)))
          .execute();
        if (queued.length) await tx.insertInto("outbox").values(queued).execute();
      });
      return {
        leads: found.leads.length,
        subscribers: found.subscribers.length,
        mails: found.mails.length,
        visitorIds: visitIdsOf([...found.leads, ...found.subscribers]),
        webhooks: queued.length,
      };
    },
  };
}
