/**
 * What the console keeps and reads: its accounts, sessions and audit log (tables of migrations
 * 0300-0319, the audit log's index by address 0450), and the console's views of the leads, subscribers and outbox rows the other features
 * write. One implementation (store-sql.ts) runs on SQLite and PostgreSQL through a small
 * dialect; console-store.contract.ts holds for both.
 */
import type { AuditKind } from "#common/console-audit.ts";
import type { LeadChange, LeadEvent, LeadStatus } from "#common/lead-pipeline.ts";
import type { LeadAttribution } from "../measurement/visits.ts";

/** owner: everything; viewer: usage figures only; editor: the site's content only (no personal data). */
export type Role = "owner" | "viewer" | "editor";
export const roles: readonly Role[] = ["owner", "viewer", "editor"];

export interface Account {
  id: number;
  email: string;
  role: Role;
  passwordHash: string;
  totpSecret: string | null;
  createdAt: string;
  updatedAt: string;
}

export type AuditAction =
  | "sign-in"
  | "sign-in-failed"
  | "sign-out"
  | "sign-out-everywhere"
  | "export"
  | "data-request"
  | "erase"
  /** Entries written before the pipeline (migration 0330); new ones are lead-changed. */
  | "lead-handled"
  | "lead-changed"
  | "subscriber-resend"
  | "subscriber-unsubscribed"
  | "account-added"
  | "account-removed"
  | "password-changed"
  | "totp-changed"
  | "upload"
  | "content-save"
  | "content-publish"
  | "content-schedule"
  | "content-restore"
  | "content-unpublish"
  | "campaign-test"
  | "campaign-send"
  | "campaign-schedule"
  | "subscriber-import";

export interface AuditEntry {
  at: string;
  /** The account's e-mail address, or the address a failed sign-in named (`severalAccounts`: more than one). */
  account: string;
  /** The client's IP address. */
  address: string;
  action: AuditAction;
  detail: string;
  /** How many times it happened in its minute (auditRepeated); 1 for the others. */
  count?: number;
}

/** The account of a counted row whose attempts named more than one. */
export const severalAccounts = "(several)";

export interface LeadFilter {
  /** Words found in the e-mail address, name, subject or text (case-insensitive). */
  q?: string;
  /** First and last UTC day, "YYYY-MM-DD", both included. */
  from?: string;
  to?: string;
  status?: LeadStatus;
  /** The lead's source and campaign as InboxLead names them, exactly. */
  source?: string;
  campaign?: string;
}

/** A lead as the inbox shows it: every column of its row in `fields` (attribution's too, once it adds them). */
export interface InboxLead {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  subject: string;
  details: string;
  status: LeadStatus;
  /** The owner account's address; null: nobody. */
  owner: string | null;
  /** The last status, owner or note change; null: none since it came. */
  changedAt: string | null;
  /** Where the person first came from: the first recorded visit's source, else the sending visit's. */
  source: string | null;
  /** The campaign of that same visit. */
  campaign: string | null;
  fields: Record<string, unknown>;
}

export interface SubscriberRow {
  id: number;
  list: string;
  email: string;
  firstName: string;
  lastName: string;
  status: "pending" | "subscribed" | "unsubscribed";
  createdAt: string;
  confirmedAt: string | null;
  /** Where its visitor came from (attribution's columns). */
  attribution: LeadAttribution;
}

/** Everything stored about one e-mail address, in every spelling of its inbox (a data request). */
export interface DataRecords {
  email: string;
  leads: Record<string, unknown>[];
  subscribers: Record<string, unknown>[];
  /** Outbox rows: mails to or about it, and the webhook and CRM requests of its leads and subscriptions. */
  mails: Record<string, unknown>[];
  /** The visitor ids its leads and subscriptions came with (columns ending in visit_id or visitor_id). */
  visitIds: string[];
}

export interface Page {
  limit: number;
  offset: number;
}

export interface ConsoleStore {
  addAccount(account: { email: string; role: Role; passwordHash: string }, now: Date): Promise<Account>;
  accounts(): Promise<Account[]>;
  account(email: string): Promise<Account | undefined>;
  /** Changes the password, TOTP secret or role; returns false for an unknown address. */
  updateAccount(
    email: string,
    change: Partial<Pick<Account, "passwordHash" | "totpSecret" | "role">>,
    now: Date,
  ): Promise<boolean>;
  /**
   * Marks a TOTP time step of the account used; false when it or a later one was used already.
   * One atomic check-and-set in the database, so two instances cannot both take one code.
   */
  useTotpStep(accountId: number, step: number): Promise<boolean>;
  /** Removes the account and its sessions. */
  removeAccount(email: string): Promise<boolean>;

  addSession(idHash: string, accountId: number, now: Date): Promise<void>;
  /**
   * The account of a live session, its last use moved to `now`; a session idle longer than
   * `idleMs` or older than `absoluteMs` is deleted and gives undefined.
   */
  session(idHash: string, now: Date, limits: { idleMs: number; absoluteMs: number }): Promise<Account | undefined>;
  endSession(idHash: string): Promise<void>;
  /** Ends every session of the account; returns how many. */
  endSessionsOf(accountId: number): Promise<number>;

  audit(entry: AuditEntry): Promise<void>;
  /**
   * An entry that may come in floods (failed sign-ins): one row per action, address, detail and
   * UTC minute, never per account (a name the client chooses), whose count goes up (atomically,
   * across instances); its time stays the first, its account the one named while every attempt
   * named the same (else `severalAccounts`). Past `perHour` rows of the address and action in a
   * UTC hour, one more row, "… and N more this hour", counts the rest of that hour.
   */
  auditRepeated(entry: AuditEntry, limits: { perHour: number }): Promise<void>;
  /** Newest first, each with its count; only the actions of `kind` (default: all). */
  auditLog(page: Page, kind?: AuditKind): Promise<Required<AuditEntry>[]>;
  /** Deletes the entries before `before`; returns how many. */
  pruneAudit(before: Date): Promise<number>;

  /** Newest first. */
  leads(filter: LeadFilter, page: Page): Promise<{ leads: InboxLead[]; total: number }>;
  lead(id: number): Promise<InboxLead | undefined>;
  /** The distinct sources and campaigns of every lead, for the inbox's filters. */
  leadFacets(): Promise<{ sources: string[]; campaigns: string[] }>;
  /**
   * Changes a lead's status, owner or notes, with one history entry per change (a status or owner
   * it already has is no change), in one transaction; the lead as it is now, undefined for no such lead.
   */
  changeLead(
    id: number,
    change: LeadChange,
    account: string,
    now: Date,
  ): Promise<{ lead: InboxLead; events: LeadEvent[] } | undefined>;
  /** A lead's history, oldest first. */
  leadHistory(id: number): Promise<LeadEvent[]>;

  subscriberCounts(): Promise<Record<SubscriberRow["status"], number>>;
  subscribers(
    filter: { q?: string; status?: SubscriberRow["status"] },
    page: Page,
  ): Promise<{ subscribers: SubscriberRow[]; total: number }>;

  /** Everything stored about the address's inbox: every spelling of it (leads/mailbox.ts), as the mail limits count one. */
  dataRequest(email: string): Promise<DataRecords>;
  /**
   * Deletes what dataRequest finds (leads, subscriptions and outbox rows of every spelling), and
   * queues lead.erased and subscriber.erased webhooks (by id, nothing more) in the same
   * transaction; returns how many of each and the visitor ids they had, whose measurement rows
   * console/erase.ts deletes next.
   */
  erase(
    email: string,
    now: Date,
  ): Promise<{ leads: number; subscribers: number; mails: number; visitorIds: string[]; webhooks: number }>;
}
