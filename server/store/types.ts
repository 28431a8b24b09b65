/**
 * What the lead capture needs from storage. The SQLite implementation (leads-sqlite.ts) is
 * the default; a PostgreSQL adapter implements the same interface when one machine is not
 * enough. Every method that writes commits before it returns (addLead: before its promise
 * resolves), so an answer sent after it never reports something that is not on disk.
 */
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

/** A mail waiting in the outbox: everything needed to send it, nothing to look up later. */
export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface QueuedMail extends OutgoingMail {
  id: number;
  attempts: number;
}

export interface LeadStore {
  /**
   * Stores the lead and queues its notification mail (built from the new lead's id) in one
   * transaction; resolves once that is committed. Asynchronous so that concurrent leads can
   * share a commit (and so a networked database fits the same interface).
   */
  addLead(lead: Lead, notification: (id: number) => OutgoingMail, now: Date): Promise<{ id: number }>;
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

  /** Mails due at `now`, oldest first. */
  dueMails(now: Date, limit: number): QueuedMail[];
  markDelivered(id: number, now: Date): void;
  /** Records a failed attempt; the mail stays queued until `retryAt`. */
  markFailed(id: number, retryAt: Date, reason: string): void;
  pendingMailCount(): number;

  leadsSince(since: Date): StoredLead[];
  subscribers(list?: string): Subscriber[];
  close(): void;
}
