/**
 * The console's leads CSV, made for a CRM's import (issue 31): one row per lead with the name
 * split as the CRM's web-to-lead form gets it (outbox/handoff.ts splitName), its pipeline status,
 * owner and dates, and where the person came from, with the landing page as a path. UTF-8 with a
 * byte order mark, so Excel reads "français" right; cells a spreadsheet would run are defused
 * (cli/csv.ts). The columns are documented in docs/console.md.
 */
import { leadStatusLabel } from "#common/lead-pipeline.ts";
import { csvRow } from "../cli/csv.ts";
import { attributionOfRow } from "../leads/attribution.ts";
import { splitName } from "../outbox/handoff.ts";
import type { InboxLead, LeadFilter } from "../leads/inbox-store.ts";

/** The byte order mark that tells a spreadsheet the file is UTF-8. */
export const utf8Bom = "\uFEFF";

export const leadCrmColumns = [
  "First Name",
  "Last Name",
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

/** "leads-2026-11-01-to-2026-11-23.csv": the range of the filter, up to `today` where it has no end. */
export function leadCsvFileName({ from, to }: Pick<LeadFilter, "from" | "to">, today: string): string {
  if (from) return `leads-${from}-to-${to ?? today}.csv`;
  return `leads-until-${to ?? today}.csv`;
}
