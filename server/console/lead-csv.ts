/**
 * The leads CSV for a CRM's import (columns in docs/console.md), the name split as the CRM's web-to-lead form
 * gets it. UTF-8 with a byte order mark, so Excel reads "français" right; formula cells defused (cli/csv.ts).
 */
import { leadStatusLabel } from "#common/lead-pipeline.ts";
import { csvRow } from "../cli/csv.ts";
import { attributionOfRow } from "../leads/attribution.ts";
import { splitName } from "../outbox/handoff.ts";
import type { InboxLead, LeadFilter } from "../leads/inbox-store.ts";
import type { Touch } from "../measurement/visits.ts";

const utf8Bom = "\uFEFF";

/** "2026-11-24 23:18:45": UTC, in the form spreadsheets and CRM imports read as a date and time. */
const utcTime = (iso: string | null) => (iso ? iso.slice(0, 19).replace("T", " ") : "");
const textField = (value: unknown) => (typeof value === "string" ? value : "");

interface CrmRow {
  lead: InboxLead;
  name: ReturnType<typeof splitName>;
  /** Source, medium, campaign and landing all of one visit: the first recorded, else the one the form was sent in. */
  touch: Touch | null;
  pathOf: (pageName: string) => string;
}

/** The CRM's columns, each with its cell. */
const columns: [string, (row: CrmRow) => string][] = [
  ["First Name", ({ name }) => name.firstName],
  ["Last Name", ({ name }) => name.lastName],
  // As given, for whoever splits names their own way.
  ["Full Name", ({ lead }) => lead.name.trim()],
  // The contact form asks for neither company nor phone: the columns are there for the import's mapping.
  ["Company", ({ lead }) => textField(lead.fields.company)],
  ["Email", ({ lead }) => lead.email],
  ["Phone", ({ lead }) => textField(lead.fields.phone)],
  ["Subject", ({ lead }) => lead.subject],
  ["Question", ({ lead }) => lead.details],
  ["Status", ({ lead }) => leadStatusLabel[lead.status]],
  ["Owner", ({ lead }) => lead.owner ?? ""],
  ["Created", ({ lead }) => utcTime(lead.createdAt)],
  ["Last Changed", ({ lead }) => utcTime(lead.changedAt ?? lead.createdAt)],
  ["Source", ({ touch }) => touch?.source ?? ""],
  ["Medium", ({ touch }) => touch?.medium ?? ""],
  ["Campaign", ({ touch }) => touch?.campaign ?? ""],
  ["Landing Path", ({ touch, pathOf }) => (touch ? pathOf(touch.landing) : "")],
];

export const leadCrmColumns = columns.map(([column]) => column);

function leadCrmRow(lead: InboxLead, pathOf: (pageName: string) => string): string {
  const { first, visit } = attributionOfRow(lead.fields as Parameters<typeof attributionOfRow>[0]);
  const row: CrmRow = { lead, name: splitName(lead.name, lead.email), touch: first ?? visit, pathOf };
  return csvRow(columns.map(([, cell]) => cell(row)));
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
