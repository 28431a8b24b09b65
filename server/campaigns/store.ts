/**
 * What newsletter campaigns need from storage: campaigns, the recipients a send queued (one row
 * per campaign and subscriber: the key that queues each mail once, however a queueing is cut
 * short), and the counts a campaign shows.
 */
import type { CampaignCountsAnswer, CampaignItem } from "#common/console-api.ts";
import type { OutgoingMail } from "../outbox/mail.ts";

export type CampaignDraft = Pick<CampaignItem, "subject" | "body" | "source">;
export interface Campaign extends CampaignItem {
  createdAt: string;
}

/** A confirmed subscriber a campaign goes to. */
export interface Recipient {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

/** The outbox ref of a recipient's mail: the counts and the bounce marking find it by this. */
export const recipientRef = (campaignId: number, subscriberId: number) => `campaign:${campaignId}:${subscriberId}`;
/** The outbox ref of a test mail. */
export const testRef = (campaignId: number) => `campaign-test:${campaignId}`;

export class CampaignRefused extends Error {
  override name = "CampaignRefused";
}

export interface CampaignStore {
  create(draft: CampaignDraft, account: string, now: Date): Promise<Campaign>;
  /** Changes a draft or a scheduled campaign not yet started; undefined when there is none; CampaignRefused once sending started. */
  update(id: number, draft: CampaignDraft, account: string, now: Date): Promise<Campaign | undefined>;
  get(id: number): Promise<Campaign | undefined>;
  /** Newest first. */
  list(): Promise<Campaign[]>;
  /** The first-visit sources of confirmed subscribers, for the source filter. */
  sources(): Promise<string[]>;
  /** Due at `at` (now or later); CampaignRefused once it was sent. */
  schedule(id: number, at: Date, account: string, now: Date): Promise<Campaign | undefined>;
  /** Back to draft, if no recipient is queued yet. */
  unschedule(id: number, account: string, now: Date): Promise<Campaign | undefined>;
  /** Scheduled campaigns whose time has come and whose recipients are not all queued. */
  due(now: Date): Promise<Campaign[]>;
  /** Up to `limit` confirmed, not bounced subscribers (of the campaign's source) it has not queued yet, by id. */
  nextRecipients(campaign: Campaign, limit: number): Promise<Recipient[]>;
  /** How many nextRecipients has left to give, counted by the same query: the number the send confirmation names. */
  recipientCount(campaign: Campaign): Promise<number>;
  /**
   * Queues one mail per recipient not already queued for this campaign, in one transaction with
   * their recipient rows: a recipient another queueing got first is skipped. Returns how many were queued.
   */
  enqueue(campaignId: number, recipients: { recipient: Recipient; mail: OutgoingMail }[], now: Date): Promise<number>;
  /** Every recipient is queued: the campaign is sent. */
  finish(campaignId: number, now: Date): Promise<void>;
  /** Queues one mail now (a test send), outside any campaign's recipients. */
  queueMail(mail: OutgoingMail, ref: string, now: Date): Promise<void>;
  /** Failed: refused for good (a 5xx), which marks the subscriber bounced. */
  counts(campaignId: number): Promise<CampaignCountsAnswer>;
  /** Marks bounced every subscriber whose campaign mail was given up (5xx) and who is not marked yet; returns how many. */
  markBounces(now: Date): Promise<number>;
}
