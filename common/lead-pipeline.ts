/**
 * The leads pipeline (issue 31) that the server (server/console/) and the console's inbox
 * (app/features/console/) share: its statuses in order, their names, and the shape of a
 * lead's history. One definition, so neither restates the other's.
 */

/** New → Contacted → Qualified → Won / Lost; the order is the inbox's and the status menu's. */
export const leadStatuses = ["new", "contacted", "qualified", "won", "lost"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const leadStatusLabel: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
};

export const isLeadStatus = (value: unknown): value is LeadStatus =>
  typeof value === "string" && (leadStatuses as readonly string[]).includes(value);

/** The longest note the console keeps: a call's summary, not a document. */
export const maxNoteLength = 4000;

/** One change in a lead's history: a status, an owner ('' for nobody) or a note. */
export interface LeadEvent {
  id: number;
  at: string;
  /** The account that made it; '' for a lead marked handled before statuses (carried over as Contacted). */
  account: string;
  kind: "status" | "owner" | "note";
  /** The new status, the new owner or the note's text. */
  value: string;
  /** The status or owner before; null for a note. */
  previous: string | null;
}

/** What POST /admin/api/leads/:id may change, any of them at once. */
export interface LeadChange {
  status?: LeadStatus;
  /** An owner account's address, or '' for nobody. */
  owner?: string;
  note?: string;
}

/** A lead in the inbox list (GET /admin/api/leads): what a row shows. */
export interface LeadListItem {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  subject: string;
  /** The question's start, for the row. */
  preview: string;
  status: LeadStatus;
  owner: string | null;
  changedAt: string | null;
  /** Where the person first came from (the first recorded visit, else the visit the form was sent in). */
  source: string | null;
  campaign: string | null;
}

/** GET /admin/api/leads: a page of leads, and the values its filters offer. */
export interface LeadListAnswer {
  total: number;
  pageSize: number;
  leads: LeadListItem[];
  sources: string[];
  campaigns: string[];
}
