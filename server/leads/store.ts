/**
 * What lead capture needs from storage (lead-store.ts, subscriber-store.ts, challenge.ts). Every
 * write commits, with the mails it queues, before it resolves: no answer reports what is not on disk.
 */
import type { LeadFields } from "../outbox/handoff.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import type { LeadAttribution } from "../measurement/visits.ts";

export interface Lead extends LeadFields {
  /** Where the visitor came from (issue 21), when the call carried a visitor id with recorded visits. */
  attribution?: LeadAttribution;
  /** The visitor id the lead was sent with (none under Do-Not-Track/GPC): an erase removes that visitor's measurement rows. */
  visitorId?: string;
}

export interface StoredLead extends Lead {
  id: number;
  createdAt: string;
  attribution: LeadAttribution;
}

export type SubscriberStatus = "pending" | "subscribed" | "unsubscribed";

/** How a subscriber left: the link in a mail (or its one-click unsubscribe), or an owner in the console. */
export type SubscriberLeftBy = "link" | "console";

export interface Subscriber {
  id: number;
  list: string;
  email: string;
  firstName: string;
  lastName: string;
  status: SubscriberStatus;
  createdAt: string;
  confirmedAt: string | null;
  /** The open confirmation link's value (tokens.ts), new with each mail: an old link cannot confirm. Null: none open. */
  confirmNonce: string | null;
  /** When the current confirmation mail was queued (ISO). */
  confirmSentAt: string | null;
  /** The visitor id the sign-up was sent with (none under Do-Not-Track/GPC), so its confirmation counts as that visitor's goal. */
  visitorId: string | null;
  /** Where the visitor came from when first signing up (issue 21). */
  attribution: LeadAttribution;
}

/** At most one confirmation mail per inbox (leads/mailbox.ts: every spelling of one address) in this time (24 h). */
export const confirmationMailIntervalMs = 24 * 60 * 60 * 1000;
/** The window of the confirmation-mail budgets below (1 h). */
export const confirmationBudgetWindowMs = 60 * 60 * 1000;

/** Confirmation mails an hour (CONFIRMATION_MAILS_PER_DOMAIN_PER_HOUR, _PER_HOUR); over one, a confirmation waits. */
export interface ConfirmationLimits {
  perDomainPerHour: number;
  perHour: number;
}

export const defaultConfirmationLimits: ConfirmationLimits = { perDomainPerHour: 60, perHour: 300 };

/** The limits as one rule: an inbox mailed in the last day gets nothing more (its link still works). */
export function decideConfirmation(
  counts: { inboxMailedToday: boolean; domainLastHour: number; allLastHour: number },
  limits: ConfirmationLimits,
): "send" | "skip" | "wait for the domain" | "wait for the hour" {
  if (counts.inboxMailedToday) return "skip";
  if (counts.allLastHour >= limits.perHour) return "wait for the hour";
  if (counts.domainLastHour >= limits.perDomainPerHour) return "wait for the domain";
  return "send";
}
/** The budgets' load, from which challenge.ts decides whether a sign-up must pass the challenge. */
export interface ConfirmationLoad {
  allLastHour: number;
  domainLastHour: number;
  waiting: number;
}

/** A confirmation link works this long after its mail was queued (7 days). */
export const confirmationLinkLifetimeMs = 7 * 24 * 60 * 60 * 1000;

export interface LeadStore {
  /** Stores the lead with its notification (built from its id); resolves once committed (group commit). */
  addLead(lead: Lead, notification: (id: number) => OutgoingMail, now: Date): Promise<{ id: number }>;
  /** For the operators' CSV export. */
  leadsSince(since: Date): Promise<StoredLead[]>;
}

/** A subscriber's confirmation mail (mailing-list.ts: confirmationMailer). */
export type Confirmation = (subscriber: Subscriber) => OutgoingMail;

export interface SubscriberStore {
  /**
   * Adds the address to the list, or finds it there (one row per list and address). One not
   * subscribed and not mailed in `confirmationMailIntervalMs` gets a new nonce and its
   * confirmation queued, unless another spelling of its inbox was mailed then, or a budget is
   * spent (`waiting`, for releaseWaitingConfirmations). Every call builds `confirmation` and
   * commits one write, so the time an answer takes does not tell a stranger whether the address
   * is subscribed. `proven` (passed the challenge): queued with the "proven" priority.
   */
  addSubscriber(
    entry: Pick<Subscriber, "list" | "email" | "firstName" | "lastName"> & {
      visitorId?: string;
      attribution?: LeadAttribution;
      proven?: boolean;
    },
    confirmation: Confirmation,
    now: Date,
    limits?: ConfirmationLimits,
  ): Promise<{ subscriber: Subscriber; queued: boolean; waiting: boolean }>;
  /** Queues the waiting confirmations the budgets allow, proven then oldest first, at most `max`, in one transaction. */
  releaseWaitingConfirmations(
    confirmation: Confirmation,
    now: Date,
    limits: ConfirmationLimits,
    max: number,
  ): Promise<{ queued: number; waiting: number }>;
  /** The budgets' load at `now`, for a sign-up to `domain` (a mailbox domain, leads/mailbox.ts). */
  confirmationLoad(domain: string, now: Date): Promise<ConfirmationLoad>;
  getSubscriber(id: number): Promise<Subscriber | undefined>;
  /** Subscribes a pending subscriber whose open link (`nonce`, not expired) it is, closing the link; false otherwise. */
  confirmSubscriber(id: number, nonce: string, now: Date): Promise<boolean>;
  /** Marks a subscriber unsubscribed, by the link in a mail or by hand in the console, and closes any open confirmation link. */
  unsubscribe(id: number, now: Date, by: SubscriberLeftBy): Promise<boolean>;
  /** For the operators' CSV export. */
  subscribers(list?: string): Promise<Subscriber[]>;
}

/** Solved challenges (challenge.ts), so each is accepted once by any instance on the database. */
export interface ChallengeStore {
  /** Records `challenge` as used until `expiresAt`: true the first time, false ever after. */
  spend(challenge: string, expiresAt: Date, now: Date): Promise<boolean>;
}
