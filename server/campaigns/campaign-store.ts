/**
 * The campaign store on the query layer. Each recipient's mail is queued exactly once: a queueing
 * inserts the (campaign, subscriber) rows, skipping those already there, and queues mail only for
 * the rows its insert returned, in one transaction (a second instance waits on them, then skips).
 */
import { randomBytes } from "node:crypto";
import { sql, type ExpressionBuilder, type Updateable } from "kysely";
import { transaction, type Database, type Db } from "../db/query.ts";
import type { CampaignsTable } from "../db/schema.ts";
import { inList } from "../db/sql.ts";
import { outboxValues, queueEntries } from "../outbox/outbox-row.ts";
import { CampaignRefused, recipientRef, type Campaign, type CampaignStore } from "./store.ts";

const columns = [
  ...["id", "subject", "body", "source", "status", "send_at as sendAt", "enqueued_at as enqueuedAt"],
  ...["created_by as createdBy", "created_at as createdAt", "updated_by as updatedBy", "updated_at as updatedAt"],
  "scheduled_by as scheduledBy",
] as const;

const refPrefix = "campaign:";
/** The recipient's outbox ref (recipientRef) in SQL, from a campaign_recipients row `r`. */
const refOfRecipient = sql<string>`${sql.lit(refPrefix)} || r.campaign_id || ':' || r.subscriber_id`;

/** A change only while no recipient is queued: sending has not started. */
const notStarted = ({ not, exists, selectFrom }: ExpressionBuilder<Database, "campaigns">) =>
  not(
    exists(
      selectFrom("campaign_recipients as r").select("r.campaign_id").whereRef("r.campaign_id", "=", "campaigns.id"),
    ),
  );

const unsent: Campaign["status"][] = ["draft", "scheduled"];

export function campaignStore(db: Db): CampaignStore {
  const campaigns = () => db.selectFrom("campaigns").select(columns).$castTo<Campaign>();
  /** Changes a campaign in one of `statuses` not started; the campaign after it, or undefined when none matched. */
  const change = (id: number, set: Updateable<CampaignsTable>, now: Date, statuses = unsent) =>
    db
      .updateTable("campaigns")
      .set({ ...set, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "in", statuses)
      .where(notStarted)
      .returning(columns)
      .$castTo<Campaign>()
      .executeTakeFirst();
  const get = (id: number) => campaigns().where("id", "=", id).executeTakeFirst();
  /** The campaign a refused change was about: none (undefined) or one past the change (CampaignRefused). */
  const refusal = async (id: number, what: string) => {
    const campaign = await get(id);
    if (campaign)
      throw new CampaignRefused(`This campaign ${campaign.status === "sent" ? "was sent" : "is sending"}: ${what}`);
    return undefined;
  };
  /** The confirmed, not bounced subscribers (of the campaign's source) it has not queued yet. */
  const unqueued = (campaign: Campaign) =>
    db
      .selectFrom("subscribers as s")
      .where("s.status", "=", "subscribed")
      .where("s.bounced_at", "is", null)
      .$if(campaign.source !== null, (query) => query.where("s.first_source", "=", campaign.source))
      // Not queued for this campaign yet: no recipient row joins.
      .leftJoin("campaign_recipients as r", (join) =>
        join.onRef("r.subscriber_id", "=", "s.id").on("r.campaign_id", "=", campaign.id),
      )
      .where("r.subscriber_id", "is", null);

  return {
    async create({ subject, body, source }, account, now) {
      const at = now.toISOString();
      const stamp = { created_by: account, created_at: at, updated_by: account, updated_at: at };
      return db
        .insertInto("campaigns")
        .values({ subject, body, source, status: "draft", ...stamp })
        .returning(columns)
        .$castTo<Campaign>()
        .executeTakeFirstOrThrow();
    },
    async update(id, { subject, body, source }, account, now) {
      const changed = await change(id, { subject, body, source, updated_by: account }, now);
      return changed ?? refusal(id, "it can no longer be changed.");
    },
    get,
    list: () => campaigns().orderBy("id", "desc").execute(),
    async sources() {
      const rows = await db
        .selectFrom("subscribers")
        .select("first_source")
        .distinct()
        .where("status", "=", "subscribed")
        .where("first_source", "is not", null)
        .orderBy("first_source")
        .execute();
      return rows.map((row) => row.first_source!);
    },
    async schedule(id, at, account, now) {
      const set = { status: "scheduled", send_at: at.toISOString(), scheduled_by: account };
      const scheduled = await change(id, set, now);
      return scheduled ?? refusal(id, "it cannot be scheduled again.");
    },
    async unschedule(id, account, now) {
      const set = { status: "draft", send_at: null, scheduled_by: null, updated_by: account };
      const draft = await change(id, set, now, ["scheduled"]);
      if (draft) return draft;
      const current = await get(id);
      return current?.status === "draft" ? current : refusal(id, "it cannot be stopped.");
    },
    due: (now) =>
      campaigns()
        .where("status", "=", "scheduled")
        .where("send_at", "<=", now.toISOString())
        .orderBy("send_at")
        .orderBy("id")
        .execute(),
    nextRecipients: (campaign, limit) =>
      unqueued(campaign)
        .select(["s.id", "s.email", "s.first_name as firstName", "s.last_name as lastName"])
        .orderBy("s.id")
        .limit(limit)
        .execute(),
    async recipientCount(campaign) {
      const { n } = await unqueued(campaign)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      return Number(n);
    },
    async enqueue(campaignId, recipients, now) {
      if (recipients.length === 0) return 0;
      const batch = randomBytes(12).toString("base64url");
      const at = now.toISOString();
      const row = (id: number) => ({ campaign_id: campaignId, subscriber_id: id, batch, queued_at: at });
      return transaction(db, async (tx) => {
        const inserted = await tx
          .insertInto("campaign_recipients")
          .values(recipients.map(({ recipient }) => row(recipient.id)))
          .onConflict((oc) => oc.doNothing())
          .returning("subscriber_id")
          .execute();
        // Only the rows this queueing inserted (RETURNING skips those already there) get a mail.
        const ours = new Set(inserted.map((row) => row.subscriber_id));
        const mails = recipients
          .filter(({ recipient }) => ours.has(recipient.id))
          .map(({ recipient, mail }) => outboxValues(mail, now, recipientRef(campaignId, recipient.id)));
        if (mails.length) await tx.insertInto("outbox").values(mails).execute();
        return mails.length;
      });
    },
    async finish(campaignId, now) {
      await db
        .updateTable("campaigns")
        .set({ status: "sent", enqueued_at: now.toISOString() })
        .where("id", "=", campaignId)
        .where("enqueued_at", "is", null)
        .execute();
    },
    async queueMail(mail, ref, now) {
      await queueEntries(db, [{ entry: mail, now, ref }]);
    },
    async counts(campaignId) {
      const ofCampaign = db
        .selectFrom("campaign_recipients as r")
        .leftJoin("outbox as o", (join) => join.on(sql<boolean>`o.ref = ${refOfRecipient}`))
        .where("r.campaign_id", "=", campaignId);
      const totals = await ofCampaign
        .leftJoin("subscribers as s", "s.id", "r.subscriber_id")
        .select(({ fn }) => [
          fn.countAll<number>().as("queued"),
          fn.count<number>("o.delivered_at").as("sent"),
          fn.count<number>("o.given_up_at").as("failed"),
          fn
            .countAll<number>()
            .filterWhere("s.status", "=", "unsubscribed")
            .filterWhereRef("s.updated_at", ">", "r.queued_at")
            .as("unsubscribedAfter"),
        ])
        .executeTakeFirstOrThrow();
      const failures = await ofCampaign
        .where("o.given_up_at", "is not", null)
        .select(({ fn }) => ["o.last_error", fn.countAll<number>().as("count")])
        .groupBy("o.last_error")
        .orderBy("count", "desc")
        .orderBy("o.last_error")
        .execute();
      return { ...totals, failures: failures.map((row) => ({ reason: row.last_error ?? "", count: row.count })) };
    },
    async markBounces(now) {
      // Given-up rows are few (the outbox_given_up index finds them); their refs name the subscriber.
      const rows = await db
        .selectFrom("outbox")
        .select("ref")
        .where("given_up_at", "is not", null)
        .where("channel", "=", "mail")
        .where("ref", "like", `${refPrefix}%`)
        .execute();
      const ids = [...new Set(rows.map((row) => Number(String(row.ref).split(":")[2])).filter(Number.isInteger))];
      if (ids.length === 0) return 0;
      const { numUpdatedRows } = await db
        .updateTable("subscribers")
        .set({ bounced_at: now.toISOString() })
        .where("bounced_at", "is", null)
        .where(inList(db, "id", ids))
        .executeTakeFirst();
      return Number(numUpdatedRows);
    },
  };
}
