import { attributionColumns, attributionValues } from "../leads/attribution.ts";
import type { StoredLead, Subscriber } from "../leads/store.ts";
import { leadFieldNames } from "../outbox/handoff.ts";

/** CSV (RFC 4180) for operators' spreadsheets; cells that a spreadsheet would run as a formula are defused. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (values: readonly unknown[]) => values.map(csvCell).join(",") + "\r\n";

// Where the visitor came from (issue 21): first visit and the visit the form was sent in; empty when not recorded.

/** The columns of a lead in every CSV of leads (`npm run leads` and the console's download). */
export const leadCsvHeader = csvRow(["id", "created_at", ...leadFieldNames, ...attributionColumns]);
export const leadCsvRow = (lead: StoredLead) =>
  csvRow([
    lead.id,
    lead.createdAt,
    ...leadFieldNames.map((name) => lead[name]),
    ...attributionValues(lead.attribution),
  ]);

/** The columns of a subscriber in every CSV of subscribers, each with the field it shows. */
const subscriberColumns = {
  id: "id",
  list: "list",
  email: "email",
  first_name: "firstName",
  last_name: "lastName",
  status: "status",
  created_at: "createdAt",
  confirmed_at: "confirmedAt",
} as const satisfies Record<string, keyof Subscriber>;
type SubscriberField = (typeof subscriberColumns)[keyof typeof subscriberColumns];

export const subscriberCsvHeader = csvRow([...Object.keys(subscriberColumns), ...attributionColumns]);
export const subscriberCsvRow = (s: Pick<Subscriber, SubscriberField | "attribution">) =>
  csvRow([...Object.values(subscriberColumns).map((field) => s[field]), ...attributionValues(s.attribution)]);
