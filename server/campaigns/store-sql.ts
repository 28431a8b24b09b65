/**
 * The campaign store (store.ts) in SQL both engines run, through the console's dialect. Each
 * recipient's mail is queued exactly once by a unique key: a queueing inserts the recipient rows
 * (campaign, subscriber) tagged with its own batch id, skipping those already there, and queues
 * a mail only for the rows that carry its tag, all in one transaction. Two instances queueing the
 * same recipients at once: the second waits on the first's rows and then skips them; a crash
 * rolls back rows and mails together.
 */
import { randomBytes } from "node:crypto";
import type { Dialect, Row } from "../console/store-sql.ts";
import { outboxRow } from "../outbox/outbox-row.ts";
import { CampaignRefused, type Campaign, type CampaignStore, type Recipient } from "./store.ts";

/** How a JSON parameter is written where no column gives it a type (PostgreSQL: `?::jsonb`). */
export interface CampaignSqlOptions {
  jsonParam: string;
}

const iso = (value: unknown) =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);

const toCampaign = (row: Row): Campaign => ({
  id: Number(row.id),
  subject: String(row.subject),
  body: String(row.body),
  source: (row.source as string | null) ?? null,
  status: row.status as Campaign["status"],
  sendAt: iso(row.send_at),
  createdBy: String(row.created_by),
  createdAt: iso(row.created_at)!,
  updatedBy: String(row.updated_by),
  updatedAt: iso(row.updated_at)!,
  scheduledBy: (row.scheduled_by as string | null) ?? null,
  enqueuedAt: iso(row.enqueued_at),
});

const refPrefix = "campaign:";
/** The recipient's outbox ref in SQL, from a campaign_recipients row `r`. */
const refSql = `'${refPrefix}' || r.campaign_id || ':' || r.subscriber_id`;
const notStarted = "NOT EXISTS (SELECT 1 FROM campaign_recipients WHERE campaign_id = campaigns.id)";

export function sqlCampaignStore(sql: Dialect, { jsonParam }: CampaignSqlOptions = { jsonParam: "?" }): CampaignStore {
  const one = async (query: string, params: unknown[]) => {
    const [row] = await sql.all(query, params);
    return row && toCampaign(row);
  };
  const get = (id: number) => one("SELECT * FROM campaigns WHERE id = ?", [id]);
  /** The campaign a refused change was about: none (undefined) or one past the change (CampaignRefused). */
  const refusal = async (id: number, what: string) => {
    const campaign = await get(id);
    if (campaign)
      throw new CampaignRefused(`This campaign ${campaign.status === "sent" ? "was sent" : "is sending"}: ${what}`);
    return undefined;
  };
  return {
    async create({ subject, body, source }, account, now) {
      const at = now.toISOString();
      return (await one(
        `INSERT INTO campaigns (subject, body, source, status, created_by, created_at, updated_by, updated_at)
         VALUES (?, ?, ?, 'draft', ?, ?, ?, ?) RETURNING *`,
        [subject, body, source, account, at, account, at],
      ))!;
    },
    async update(id, { subject, body, source }, account, now) {
      const changed = await one(
        `UPDATE campaigns SET subject = ?, body = ?, source = ?, updated_by = ?, updated_at = ?
         WHERE id = ? AND status != 'sent' AND ${notStarted} RETURNING *`,
        [subject, body, source, account, now.toISOString(), id],
      );
      return changed ?? refusal(id, "it can no longer be changed.");
    },
    get,
    list: async () => (await sql.all("SELECT * FROM campaigns ORDER BY id DESC")).map(toCampaign),
    sources: async () =>
      (
        await sql.all(
          "SELECT DISTINCT first_source FROM subscribers WHERE status = 'subscribed' AND first_source IS NOT NULL ORDER BY first_source",
        )
      ).map((row) => String(row.first_source)),
    async schedule(id, at, account, now) {
      const scheduled = await one(
        `UPDATE campaigns SET status = 'scheduled', send_at = ?, scheduled_by = ?, updated_at = ?
         WHERE id = ? AND status != 'sent' AND ${notStarted} RETURNING *`,
        [at.toISOString(), account, now.toISOString(), id],
      );
      return scheduled ?? refusal(id, "it cannot be scheduled again.");
    },
    async unschedule(id, account, now) {
      const draft = await one(
        `UPDATE campaigns SET status = 'draft', send_at = NULL, scheduled_by = NULL, updated_by = ?, updated_at = ?
         WHERE id = ? AND status = 'scheduled' AND ${notStarted} RETURNING *`,
        [account, now.toISOString(), id],
      );
      if (draft) return draft;
      const current = await get(id);
      return current?.status === "draft" ? current : refusal(id, "it cannot be stopped.");
    },
    due: async (now) =>
      (
        await sql.all("SELECT * FROM campaigns WHERE status = 'scheduled' AND send_at <= ? ORDER BY send_at, id", [
          now.toISOString(),
        ])
      ).map(toCampaign),
    async nextRecipients(campaign, limit) {
      const bySource = campaign.source === null ? "" : "AND s.first_source = ?";
      const rows = await sql.all(
        `SELECT s.id, s.email, s.first_name, s.last_name FROM subscribers s
         WHERE s.status = 'subscribed' AND s.bounced_at IS NULL ${bySource}
           AND NOT EXISTS (SELECT 1 FROM campaign_recipients r WHERE r.campaign_id = ? AND r.subscriber_id = s.id)
         ORDER BY s.id LIMIT ?`,
        [...(campaign.source === null ? [] : [campaign.source]), campaign.id, limit],
      );
      return rows.map((row): Recipient => ({
        id: Number(row.id),
        email: String(row.email),
        firstName: String(row.first_name),
        lastName: String(row.last_name),
      }));
    },
    async enqueue(campaignId, recipients, now) {
      if (recipients.length === 0) return 0;
      const batch = randomBytes(12).toString("base64url");
      const at = now.toISOString();
      const counts = await sql.transaction([
        [
          `INSERT INTO campaign_recipients (campaign_id, subscriber_id, batch, queued_at)
           VALUES ${recipients.map(() => "(?, ?, ?, ?)").join(", ")} ON CONFLICT DO NOTHING`,
          recipients.flatMap(({ recipient }) => [campaignId, recipient.id, batch, at]),
        ],
        // Only the rows this queueing inserted (its batch) get a mail.
        ...recipients.map(({ recipient, mail }): [string, unknown[]] => {
          const row = outboxRow(mail);
          return [
            `INSERT INTO outbox (created_at, mail, next_attempt_at, priority, channel, ref)
             SELECT r.queued_at, ${jsonParam}, r.queued_at, ${Number(row.rank)}, 'mail', ${refSql}
             FROM campaign_recipients r WHERE r.campaign_id = ? AND r.subscriber_id = ? AND r.batch = ?`,
            [row.content, campaignId, recipient.id, batch],
          ];
        }),
      ]);
      return counts.slice(1).reduce((sum, n) => sum + n, 0);
    },
    async finish(campaignId, now) {
      await sql.run("UPDATE campaigns SET status = 'sent', enqueued_at = ? WHERE id = ? AND enqueued_at IS NULL", [
        now.toISOString(),
        campaignId,
      ]);
    },
    async queueMail(mail, ref, now) {
      const row = outboxRow(mail);
      const at = now.toISOString();
      await sql.run(
        `INSERT INTO outbox (created_at, mail, next_attempt_at, priority, channel, ref) VALUES (?, ${jsonParam}, ?, ?, ?, ?)`,
        [at, row.content, at, row.rank, row.channel, ref],
      );
    },
    async counts(campaignId) {
      const [totals] = await sql.all(
        `SELECT count(*) AS queued,
           sum(CASE WHEN o.delivered_at IS NOT NULL THEN 1 ELSE 0 END) AS sent,
           sum(CASE WHEN o.given_up_at IS NOT NULL THEN 1 ELSE 0 END) AS failed,
           sum(CASE WHEN s.status = 'unsubscribed' AND s.updated_at > r.queued_at THEN 1 ELSE 0 END) AS unsubscribed
         FROM campaign_recipients r LEFT JOIN outbox o ON o.ref = ${refSql} LEFT JOIN subscribers s ON s.id = r.subscriber_id
         WHERE r.campaign_id = ?`,
        [campaignId],
      );
      const failures = await sql.all(
        `SELECT o.last_error AS reason, count(*) AS n FROM campaign_recipients r JOIN outbox o ON o.ref = ${refSql}
         WHERE r.campaign_id = ? AND o.given_up_at IS NOT NULL GROUP BY o.last_error ORDER BY n DESC, reason`,
        [campaignId],
      );
      return {
        queued: Number(totals.queued ?? 0),
        sent: Number(totals.sent ?? 0),
        failed: Number(totals.failed ?? 0),
        unsubscribedAfter: Number(totals.unsubscribed ?? 0),
        failures: failures.map((row) => ({ reason: String(row.reason ?? ""), count: Number(row.n) })),
      };
    },
    async markBounces(now) {
      // Given-up rows are few (the outbox_given_up index finds them); their refs name the subscriber.
      const rows = await sql.all(
        `SELECT ref FROM outbox WHERE given_up_at IS NOT NULL AND channel = 'mail' AND ref LIKE '${refPrefix}%'`,
      );
      const ids = [...new Set(rows.map((row) => Number(String(row.ref).split(":")[2])).filter(Number.isInteger))];
      if (ids.length === 0) return 0;
      return sql.run(
        `UPDATE subscribers SET bounced_at = ? WHERE bounced_at IS NULL AND id IN (${ids.map(() => "?").join(", ")})`,
        [now.toISOString(), ...ids],
      );
    },
  };
}
