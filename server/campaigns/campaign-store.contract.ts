// The campaign store's contract (store.ts), run on SQLite and PostgreSQL by stores.contract.test.ts
// with two sets of stores on one database, as two server instances have them.
import { describe, expect, it } from "vitest";
import type { Subscriber } from "../leads/store.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import type { EngineStores } from "../stores.ts";
import { CampaignRefused, type Campaign, type Recipient } from "./store.ts";
import type { WithFixture } from "../../tests/support/contract.ts";

export interface CampaignContractFixture {
  a: EngineStores;
  b: EngineStores;
}

const t0 = new Date("2026-03-09T10:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const confirmation = (subscriber: Subscriber): OutgoingMail => ({
  to: subscriber.email,
  subject: "Please confirm",
  text: "",
  html: "",
});
const mailOf = (campaign: Campaign, recipient: Recipient): OutgoingMail => ({
  to: recipient.email,
  subject: campaign.subject,
  text: `${campaign.body} (${recipient.id})`,
  html: "",
  priority: "bulk",
  stream: "newsletter",
});
const draft = { subject: "March news", body: "# Hello\n\nNews.", source: null };

/** Subscribers on `stores`: `n` confirmed (from `source` when given), one pending, one unsubscribed. */
async function subscribers(stores: EngineStores, n: number, source?: string, prefix = "reader") {
  const add = (email: string) =>
    stores.subscribers.addSubscriber(
      {
        list: "newsletter",
        email,
        firstName: "",
        lastName: "",
        ...(source && { attribution: { first: { source, campaign: null, landing: "/" }, visit: null } }),
      },
      confirmation,
      t0,
      { perDomainPerHour: 1_000_000, perHour: 1_000_000 },
    );
  const confirmed: number[] = [];
  for (let i = 0; i < n; i++) {
    const { subscriber } = await add(`${prefix}${i}@example.com`);
    expect(await stores.subscribers.confirmSubscriber(subscriber.id, subscriber.confirmNonce!, t0)).toBe(true);
    confirmed.push(subscriber.id);
  }
  await add(`${prefix}-pending@example.com`);
  const { subscriber: leaving } = await add(`${prefix}-leaving@example.com`);
  await stores.subscribers.confirmSubscriber(leaving.id, leaving.confirmNonce!, t0);
  await stores.subscribers.unsubscribe(leaving.id, t0, "link");
  return confirmed;
}

/** A new campaign from `fields`, scheduled for now (t0) by ann@example.com. */
async function scheduledNow(stores: EngineStores, fields: Parameters<EngineStores["campaigns"]["create"]>[0]) {
  const created = await stores.campaigns.create(fields, "ann@example.com", t0);
  return (await stores.campaigns.schedule(created.id, t0, "ann@example.com", t0))!;
}

/** Queues every recipient of `campaign` the way the sender does, in batches of `size`. */
async function queueAll(stores: EngineStores, campaign: Campaign, size: number) {
  let queued = 0;
  for (;;) {
    const recipients = await stores.campaigns.nextRecipients(campaign, size);
    if (recipients.length === 0) return queued;
    queued += await stores.campaigns.enqueue(
      campaign.id,
      recipients.map((recipient) => ({ recipient, mail: mailOf(campaign, recipient) })),
      at(1000),
    );
  }
}

/** Claims every due mail; the campaign's are delivered (or refused for `refuse`), the others left. */
async function deliverCampaignMails(stores: EngineStores, subject: string, refuse: (to: string) => boolean) {
  const claimed = await stores.outbox.claimDue("w", at(2000), 60_000, 10_000);
  for (const mail of claimed) {
    if ("channel" in mail || mail.subject !== subject) continue;
    if (refuse(mail.to)) await stores.outbox.markGivenUp(mail.id, "w", at(3000), "550 5.1.1 <address>: no such user");
    else await stores.outbox.markDelivered(mail.id, at(3000));
  }
}

export function describeCampaignStoreContract(withFixture: WithFixture<CampaignContractFixture>): void {
  describe("CampaignStore", () => {
    it(
      "keeps drafts, schedules and withdraws them, and refuses changes once sending started",
      withFixture(async ({ a, b }) => {
        const created = await a.campaigns.create(draft, "ann@example.com", t0);
        expect(created).toMatchObject({ ...draft, status: "draft", sendAt: null, createdBy: "ann@example.com" });
        const changed = await b.campaigns.update(
          created.id,
          { ...draft, subject: "April news" },
          "bob@example.com",
          at(1),
        );
        expect(changed).toMatchObject({
          subject: "April news",
          updatedBy: "bob@example.com",
          createdBy: "ann@example.com",
        });
        expect(await a.campaigns.update(999_999, draft, "ann@example.com", at(1))).toBeUndefined();

        const later = at(3_600_000);
        expect(await a.campaigns.schedule(created.id, later, "ann@example.com", at(2))).toMatchObject({
          status: "scheduled",
          sendAt: later.toISOString(),
          scheduledBy: "ann@example.com",
        });
        expect(await b.campaigns.due(at(3))).toEqual([]);
        expect((await b.campaigns.due(later)).map((c) => c.id)).toEqual([created.id]);
        expect(await a.campaigns.unschedule(created.id, "ann@example.com", at(4))).toMatchObject({ status: "draft" });

        await subscribers(a, 1);
        const now = (await a.campaigns.schedule(created.id, at(5), "ann@example.com", at(5)))!;
        expect(await queueAll(b, now, 10)).toBe(1);
        await expect(a.campaigns.update(created.id, draft, "ann@example.com", at(6))).rejects.toThrow(CampaignRefused);
        await expect(a.campaigns.unschedule(created.id, "ann@example.com", at(6))).rejects.toThrow(CampaignRefused);
        await b.campaigns.finish(created.id, at(7));
        expect(await a.campaigns.get(created.id)).toMatchObject({ status: "sent", enqueuedAt: at(7).toISOString() });
        expect(await a.campaigns.due(at(10_000_000))).toEqual([]);
        await expect(a.campaigns.schedule(created.id, at(8), "ann@example.com", at(8))).rejects.toThrow(
          CampaignRefused,
        );
        expect((await b.campaigns.list()).map((c) => c.id)).toEqual([created.id]);
      }),
    );

    it(
      "queues one mail per confirmed subscriber, none to pending or unsubscribed ones, also when two instances race",
      withFixture(async ({ a, b }) => {
        const confirmed = await subscribers(a, 25);
        const campaign = await scheduledNow(a, draft);
        // Both instances start on the same recipients at once, in small batches.
        const [byA, byB] = await Promise.all([queueAll(a, campaign, 4), queueAll(b, campaign, 4)]);
        expect(byA + byB).toBe(25);
        // Nothing is left, and a third queueing adds nothing.
        expect(await queueAll(a, campaign, 100)).toBe(0);
        const claimed = await a.outbox.claimDue("w", at(2000), 60_000, 10_000);
        const mails = claimed.filter((mail) => !("channel" in mail) && mail.subject === draft.subject);
        expect(mails.map((mail) => ("to" in mail ? mail.to : "")).sort()).toEqual(
          confirmed.map((_, i) => `reader${i}@example.com`).sort(),
        );
        expect(mails.every((mail) => "priority" in mail && mail.priority === "bulk")).toBe(true);
        expect(await b.campaigns.counts(campaign.id)).toMatchObject({ queued: 25, sent: 0, failed: 0 });
      }),
    );

    it(
      "sends a campaign with a source only to the subscribers who came from it",
      withFixture(async ({ a, b }) => {
        await subscribers(a, 3, "linkedin", "li");
        await subscribers(a, 2, "newsletter-swap", "swap");
        expect(await b.campaigns.sources()).toEqual(["linkedin", "newsletter-swap"]);
        const campaign = await scheduledNow(a, { ...draft, source: "linkedin" });
        expect((await b.campaigns.nextRecipients(campaign, 100)).map((r) => r.email)).toEqual([
          "li0@example.com",
          "li1@example.com",
          "li2@example.com",
        ]);
        // The confirmation's number is the same query's count, and falls as recipients are queued.
        expect(await b.campaigns.recipientCount(campaign)).toBe(3);
        const [first] = await a.campaigns.nextRecipients(campaign, 1);
        await a.campaigns.enqueue(campaign.id, [{ recipient: first, mail: mailOf(campaign, first) }], at(1000));
        expect(await b.campaigns.recipientCount(campaign)).toBe(2);
        expect(await b.campaigns.recipientCount(await scheduledNow(a, draft))).toBe(5);
      }),
    );

    it(
      "counts sent, failed with the SMTP answer and unsubscribed-after; a refused address is bounced and gets no later campaign",
      withFixture(async ({ a, b }) => {
        const confirmed = await subscribers(a, 4);
        const first = await scheduledNow(a, draft);
        expect(await queueAll(a, first, 10)).toBe(4);
        await deliverCampaignMails(b, draft.subject, (to) => to === "reader3@example.com");
        await b.subscribers.unsubscribe(confirmed[0], at(5000), "link");
        expect(await a.campaigns.counts(first.id)).toEqual({
          queued: 4,
          sent: 3,
          failed: 1,
          unsubscribedAfter: 1,
          failures: [{ reason: "550 5.1.1 <address>: no such user", count: 1 }],
        });

        expect(await b.campaigns.markBounces(at(6000))).toBe(1);
        expect(await a.campaigns.markBounces(at(7000))).toBe(0);
        const second = await scheduledNow(a, { ...draft, subject: "April" });
        expect((await b.campaigns.nextRecipients(second, 10)).map((r) => r.email)).toEqual([
          "reader1@example.com",
          "reader2@example.com",
        ]);
      }),
    );

    it(
      "a test mail is queued on its own, outside the campaign's counts",
      withFixture(async ({ a, b }) => {
        const campaign = await a.campaigns.create(draft, "ann@example.com", t0);
        await b.campaigns.queueMail(
          mailOf(campaign, { id: 0, email: "ann@example.com", firstName: "", lastName: "" }),
          `campaign-test:${campaign.id}`,
          t0,
        );
        const [mail] = await a.outbox.claimDue("w", at(1), 60_000, 10);
        expect(mail).toMatchObject({ to: "ann@example.com", subject: draft.subject, stream: "newsletter" });
        expect(await a.campaigns.counts(campaign.id)).toMatchObject({ queued: 0, sent: 0 });
      }),
    );
  });
}
