/**
 * The leads CSV for a CRM's import (columns in docs/console.md), the name split as the CRM's web-to-lead form
 * gets it. UTF-8 with a byte order mark, so Excel reads "français" right; formula cells defused (cli/csv.ts).
 */
import { leadStatusLabel } from "#common/lead-pipeline.ts";
import { csvRow } from "../cli/csv.ts";
import { attributionOfRow } from "../leads/attribution.ts";
import { splitName } from "../outbox/handoff.ts";
import type { InboxLead, LeadFilter } from "../leads/inbox-store.ts";

const utf8Bom = "\uFEFF";

export const leadCrmColumns = [
  "First Name",
  "Last Name",
  "Full Name",
  "Company",
  "Email",
  "Phone",
  "Subject",
  "Question",
  "Status",
  "Owner",
  "Created",
  "Last Changed",
  "Source",
  "Medium",
  "Campaign",
  "Landing Path",
] as const;

/** "2026-11-24 23:18:45": UTC, in the form spreadsheets and CRM imports read as a date and time. */
const utcTime = (iso: string | null) => (iso ? iso.slice(0, 19).replace("T", " ") : "");

export function leadCrmRow(lead: InboxLead, pathOf: (pageName: string) => string): string {
  const { firstName, lastName } = splitName(lead.name, lead.email);
  const { first, visit } = attributionOfRow(lead.fields as Parameters<typeof attributionOfRow>[0]);
  // Source, medium, campaign and landing all of one visit: the first recorded, else the one the form was sent in.
  const touch = first ?? visit;
  return csvRow([
    firstName,
    lastName,
    // As given, for whoever splits names their own way.
    lead.name.trim(),
    // The contact form asks for neither company nor phone: the columns are there for the import's mapping.
    typeof lead.fields.company === "string" ? lead.fields.company : "",
    lead.email,
    typeof lead.fields.phone === "string" ? lead.fields.phone : "",
    lead.subject,
    lead.details,
    leadStatusLabel[lead.status],
    lead.owner ?? "",
    utcTime(lead.createdAt),
    utcTime(lead.changedAt ?? lead.createdAt),
    touch?.source ?? "",
    touch?.medium ?? "",
    touch?.campaign ?? "",
    touch ? pathOf(touch.landing) : "",
  ]);
}

export const leadCrmCsv = (leads: InboxLead[], pathOf: (pageName: string) => string) =>
  utf8Bom + csvRow(leadCrmColumns) + leads.map((lead) => leadCrmRow(lead, pathOf)).join("");

/** A filter's value as part of a file name: lower-case letters, digits and dashes. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40) || "other";

/**
 * "leads-2026-11-01-to-2026-11-23-status-won.csv": a filtered export never takes an unfiltered one's name. A
 * search shows only as "search": its words may name a person.
 */
export function leadCsvFileName(filter: LeadFilter, today: string): string {
  const { from, to, status, source, campaign, q } = filter;
  const parts = [
    from ? `${from}-to-${to ?? today}` : `until-${to ?? today}`,
    status && `status-${slug(status)}`,
    source && `source-${slug(source)}`,
    campaign && `campaign-${slug(campaign)}`,
    q && "search",
  ];
  return `leads-${parts.filter(Boolean).join("-")}.csv`;
}
