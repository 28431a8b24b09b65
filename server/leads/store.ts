/**
 * What lead capture needs from storage: leads (contact form, lead-store.ts), subscribers
 * (newsletter, subscriber-store.ts) and solved challenges (challenge.ts), each written once
 * against the query layer. Every method that writes commits before it resolves, so an answer
 * sent after it never reports something that is not on disk. A mail built here is queued in
 * the outbox in the same transaction.
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
  /**
   * What the current confirmation link carries (tokens.ts): a new random value with each
   * confirmation mail, cleared when it is used or the address unsubscribes, so a link works
   * once and an old link cannot confirm a later subscription. Null: no link is open.
   */
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

/**
 * Confirmation mails allowed per `confirmationBudgetWindowMs`: to one domain, and in all
 * (CONFIRMATION_MAILS_PER_DOMAIN_PER_HOUR, CONFIRMATION_MAILS_PER_HOUR). A sign-up over a
 * budget is stored and its confirmation waits until the budget allows it.
 */
export interface ConfirmationLimits {
  perDomainPerHour: number;
  perHour: number;
}

export const defaultConfirmationLimits: ConfirmationLimits = { perDomainPerHour: 60, perHour: 300 };

/** What the mail counts of the last day and hour say about one due confirmation. */
type ConfirmationDecision = "send" | "skip" | "wait for the domain" | "wait for the hour";

/**
 * The limits as one rule, the same on every engine: an inbox mailed in the last day gets
 * nothing more (the link it has still works); over a budget the mail waits.
 */
export function decideConfirmation(
  counts: { inboxMailedToday: boolean; domainLastHour: number; allLastHour: number },
  limits: ConfirmationLimits,
): ConfirmationDecision {
  if (counts.inboxMailedToday) return "skip";
  if (counts.allLastHour >= limits.perHour) return "wait for the hour";
  if (counts.domainLastHour >= limits.perDomainPerHour) return "wait for the domain";
  return "send";
}
/**
 * What the confirmation budgets hold at a moment: mails of the last hour in all and to one
 * domain, and sign-ups whose confirmation waits. Whether a sign-up must pass the
 * proof-of-work challenge is decided from it (challenge.ts).
 */
export interface ConfirmationLoad {
  allLastHour: number;
  domainLastHour: number;
  waiting: number;
}

/** A confirmation link works this long after its mail was queued (7 days). */
export const confirmationLinkLifetimeMs = 7 * 24 * 60 * 60 * 1000;

export interface LeadStore {
  /**
   * Stores the lead and queues its notification mail (built from the new lead's id) in one
   * transaction; resolves once that is committed. Concurrent leads share a commit (group commit).
   */
  addLead(lead: Lead, notification: (id: number) => OutgoingMail, now: Date): Promise<{ id: number }>;
  /** For the operators' CSV export. */
  leadsSince(since: Date): Promise<StoredLead[]>;
}

export interface SubscriberStore {
  /**
   * Adds the address to the list, or finds it there: one row per list and address however
   * often it is sent. An address that is not subscribed and has no confirmation mail from the
   * last `confirmationMailIntervalMs` gets a new `confirmNonce` and `confirmation(subscriber)`
   * queued in the same transaction, unless another spelling of its inbox got one in that time
   * (nothing is queued) or a budget of `limits` is spent (`waiting`: the confirmation waits for
   * releaseWaitingConfirmations); otherwise nothing is queued (an open link stays valid).
   * Every call does the same work whatever the address's state: `confirmation` is built and
   * one write is committed (the time of the request), so the time an answer takes does not
   * tell a stranger whether the address is subscribed. The visitor id and attribution are kept
   * from the first request that had them. `proven`: the request passed the proof-of-work
   * challenge (challenge.ts): its confirmation is queued with the "proven" priority, now or,
   * if it waits, when released (before the waiting ones that were not proven).
   */
  addSubscriber(
    entry: {
      list: string;
      email: string;
      firstName: string;
      lastName: string;
      visitorId?: string;
      attribution?: LeadAttribution;
      proven?: boolean;
    },
    confirmation: (subscriber: Subscriber) => OutgoingMail,
    now: Date,
    limits?: ConfirmationLimits,
  ): Promise<{ subscriber: Subscriber; queued: boolean; waiting: boolean }>;
  /**
   * Queues the waiting confirmations the budgets allow at `now`, proven ones first, then oldest first, at most `max`,
   * each with a new nonce, in one transaction; a waiting one whose inbox was mailed meanwhile
   * stops waiting. Returns how many were queued and how many still wait.
   */
  releaseWaitingConfirmations(
    confirmation: (subscriber: Subscriber) => OutgoingMail,
    now: Date,
    limits: ConfirmationLimits,
    max: number,
  ): Promise<{ queued: number; waiting: number }>;
  /** The budgets' load at `now`, for a sign-up to `domain` (a mailbox domain, leads/mailbox.ts). */
  confirmationLoad(domain: string, now: Date): Promise<ConfirmationLoad>;
  getSubscriber(id: number): Promise<Subscriber | undefined>;
  /**
   * Marks a pending subscriber subscribed if `nonce` is their open confirmation link's and it
   * was mailed less than `confirmationLinkLifetimeMs` ago, and closes the link (single use),
   * in one step; returns false otherwise (no such subscriber, used, replaced or expired link).
   */
  confirmSubscriber(id: number, nonce: string, now: Date): Promise<boolean>;
  /** Marks a subscriber unsubscribed, by the link in a mail or by hand in the console, and closes any open confirmation link. */
  unsubscribe(id: number, now: Date, by: SubscriberLeftBy): Promise<boolean>;
  /** For the operators' CSV export. */
  subscribers(list?: string): Promise<Subscriber[]>;
}

/**
 * Where solved proof-of-work challenges are remembered (challenge.ts), so each is accepted
 * once, by any instance on the database.
 */
export interface ChallengeStore {
  /**
   * Records `challenge` as used until `expiresAt`: true the first time, false ever after
   * (until it expired and was forgotten). Forgets a few expired ones on the way.
   */
  spend(challenge: string, expiresAt: Date, now: Date): Promise<boolean>;
}
