/**
 * Puts due campaigns into the outbox: every instance runs a sender that queues their recipients in
 * batches (store.enqueue: once per recipient, so a second sender or a restart only finishes what
 * is left), then marks them sent; and marks bounced the subscribers whose mail was refused for good.
 */
import type { OutgoingMail } from "../outbox/mail.ts";
import { periodicWork } from "../periodic-work.ts";
import type { Campaign, CampaignStore, Recipient } from "./store.ts";

export interface SenderOptions {
  store: CampaignStore;
  mailFor(campaign: Campaign, recipient: Recipient): OutgoingMail;
  /** Tells the outbox mails were queued (once their transaction committed). */
  kick(): void;
  /** Recipients queued per transaction; how often due campaigns are looked for, besides a "send now". */
  batchSize?: number;
  pollMs?: number;
  onQueued?(campaign: Campaign, queued: number): void;
  /** The first failure of a series (the database down fails every look). */
  onError?(error: unknown): void;
  now?: () => Date;
}

export function createCampaignSender({
  store,
  mailFor,
  kick,
  batchSize = 200,
  pollMs = 5_000,
  onQueued = () => {},
  onError = () => {},
  now = () => new Date(),
}: SenderOptions) {
  /** On stop no new batch is written; the one being written commits or rolls back whole. */
  async function queueDue(stopping: AbortSignal): Promise<void> {
    await store.markBounces(now());
    for (const campaign of await store.due(now())) {
      let queued = 0;
      for (;;) {
        if (stopping.aborted) return;
        const recipients = await store.nextRecipients(campaign, batchSize);
        if (recipients.length === 0) break;
        const mails = recipients.map((recipient) => ({ recipient, mail: mailFor(campaign, recipient) }));
        const added = await store.enqueue(campaign.id, mails, now());
        if (added > 0) kick();
        queued += added;
      }
      await store.finish(campaign.id, now());
      onQueued(campaign, queued);
    }
  }
  // kick() looks for due campaigns now (after a "send now") and resolves when that look is done.
  return periodicWork(queueDue, { everyMs: pollMs, onError });
}
export type CampaignSender = ReturnType<typeof createCampaignSender>;
