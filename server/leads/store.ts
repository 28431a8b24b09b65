/**
 * What lead capture needs from storage: leads (contact form) and subscribers (newsletter).
 * The SQLite implementation (store-sqlite.ts) is the default; a networked database fits the
 * same interfaces. Every method that writes commits before it returns (addLead: before its
 * promise resolves), so an answer sent after it never reports something that is not on disk.
 * A mail built here is queued in the same transaction (mail/outbox.ts).
 */
import type { OutgoingMail } from "../mail/outbox.ts";

export interface Lead {
  domain: string;
  type: string;
  name: string;
  email: string;
  subject: string;
  details: string;
}

export interface StoredLead extends Lead {
  id: number;
  createdAt: string;
}

export type SubscriberStatus = "pending" | "subscribed" | "unsubscribed";

export interface Subscriber {
  id: number;
  list: string;
  email: string;
  firstName: string;
  lastName: string;
  status: SubscriberStatus;
  createdAt: string;
  confirmedAt: string | null;
}

export interface LeadStore {
  /**
   * Stores the lead and queues its notification mail (built from the new lead's id) in one
   * transaction; resolves once that is committed. Asynchronous so that concurrent leads can
   * share a commit (and so a networked database fits the same interface).
   */
  addLead(lead: Lead, notification: (id: number) => OutgoingMail, now: Date): Promise<{ id: number }>;
  /** For the operators' CSV export. */
  leadsSince(since: Date): StoredLead[];
}

export interface SubscriberStore {
  /**
   * Adds the address to the list, or finds it there: one row per list and address however
   * often it is sent. A pending or unsubscribed address gets `confirmation(subscriber)`
   * queued in the same transaction; a subscribed one gets nothing.
   */
  addSubscriber(
    entry: { list: string; email: string; firstName: string; lastName: string },
    confirmation: (subscriber: Subscriber) => OutgoingMail,
    now: Date,
  ): { subscriber: Subscriber; queued: boolean };
  getSubscriber(id: number): Subscriber | undefined;
  /** Marks a subscriber subscribed; returns false when there is no such subscriber. */
  confirmSubscriber(id: number, now: Date): boolean;
  unsubscribe(id: number, now: Date): boolean;
  /** For the operators' CSV export. */
  subscribers(list?: string): Subscriber[];
}
