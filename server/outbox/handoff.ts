/**
 * What other systems are told when a lead or subscriber changes (issues 21, 29): the webhook
 * events below as JSON (an erase names only the ids, so a receiver can delete its copy) and each
 * new lead as the CRM's web-to-lead form (it gets no erase: the console says to delete it there).
 * The stores queue what a `Handoff` returns inside the row's own transaction, so a request commits
 * or rolls back with it. The payloads are the contract with the receivers (docs/mail-and-webhooks.md).
 */
import { randomBytes } from "node:crypto";
import type { LeadsTable } from "../db/schema.ts";
import type { OutgoingRequest } from "./outbox-store.ts";

type SubscriberEvent = "subscriber.confirmed" | "subscriber.unsubscribed";
type ErasedEvent = "lead.erased" | "subscriber.erased";
type WebhookEvent = "lead.created" | SubscriberEvent | ErasedEvent;

/** Where a visitor came from: the source, campaign and landing page of one visit. */
export interface TouchPayload {
  source: string;
  campaign: string | null;
  landing: string;
}

/** What a lead says, as its table keeps it, in the order every listing of a lead has (payload, CSV). */
export const leadFieldNames = ["domain", "type", "name", "email", "subject", "details"] as const;
export type LeadFields = Pick<LeadsTable, (typeof leadFieldNames)[number]>;

/** `data` of lead.created. */
export interface LeadPayload extends LeadFields {
  id: number;
  createdAt: string;
  /** The visitor's first recorded visit and the visit the lead was sent in (null: not known, e.g. under Do-Not-Track). */
  attribution?: { first: TouchPayload | null; visit: TouchPayload | null };
}

/** `data` of subscriber.confirmed and subscriber.unsubscribed. */
export interface SubscriberPayload {
  id: number;
  list: string;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
  confirmedAt: string | null;
}

/**
 * `data` of lead.erased (the id of lead.created) and subscriber.erased (the id and list of
 * subscriber.confirmed): enough for a receiver to find its copy, nothing of the person.
 */
export type ErasedPayload = { id: number } | { id: number; list: string };
type EventData = LeadPayload | SubscriberPayload | ErasedPayload;

/** A webhook endpoint: its URL and its secret in the Standard Webhooks form (whsec_ + base64). */
export interface WebhookEndpoint {
  url: string;
  secret: string;
}

/** The CRM's web-to-lead endpoint (CRM_WEB_TO_LEAD_URL), its organisation id and the lead source it records. */
export interface CrmSink {
  url: string;
  orgId: string;
  leadSource: string;
}

export interface Handoff {
  /** Requests to queue with a new lead, in its transaction. */
  leadCreated(lead: LeadPayload, now: Date): OutgoingRequest[];
  /** Requests to queue when a subscriber confirms, or a subscribed address unsubscribes. */
  subscriberChanged(event: SubscriberEvent, subscriber: SubscriberPayload, now: Date): OutgoingRequest[];
  /** Requests to queue when a lead or subscriber is erased (a data request), in the erase's transaction. */
  erased(event: ErasedEvent, data: ErasedPayload, now: Date): OutgoingRequest[];
}

export const noHandoff: Handoff = { leadCreated: () => [], subscriberChanged: () => [], erased: () => [] };

/** A webhook-id: unique per request, kept in its row so every attempt sends the same. */
const newMessageId = () => `msg_${randomBytes(16).toString("base64url")}`;

/** The JSON body of an event (Standard Webhooks' recommended shape: type, timestamp, data). */
const webhookBody = (type: WebhookEvent, data: EventData, now: Date) =>
  JSON.stringify({ type, timestamp: now.toISOString(), data });

/** Only `keys` of `value`, in their order: the documented fields go out, whatever else the caller's object holds (a subscriber's confirmation nonce). */
const pick = <T, K extends keyof T>(value: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
/** A lead's own fields, as the leads row, the webhook and the CSV name them. */
export const leadFieldsOf = (lead: LeadFields): LeadFields => pick(lead, leadFieldNames);
const leadData = (lead: LeadPayload): LeadPayload => ({
  ...pick(lead, ["id", "createdAt", ...leadFieldNames]),
  attribution: { first: touchData(lead.attribution?.first), visit: touchData(lead.attribution?.visit) },
});
// The documented fields of a touch only (a stored one may carry more, such as its medium).
const touchData = (touch: TouchPayload | null | undefined): TouchPayload | null =>
  touch ? pick(touch, ["source", "campaign", "landing"]) : null;
const subscriberData = (subscriber: SubscriberPayload): SubscriberPayload =>
  pick(subscriber, ["id", "list", "email", "firstName", "lastName", "status", "confirmedAt"]);

/** Words that belong to the last name that follows them: "van der Berg", "de la Cruz", "bin Salman". */
const nameParticles = new Set(
  "van von der den de del della des di da das do dos du la le ter ten bin binti ibn al el st".split(" "),
);

/**
 * A contact's name as a CRM's first and last name: the last word with the particles before it
 * ("Jürgen van der Berg-Öztürk": "Jürgen", "van der Berg-Öztürk"), at least one word left as the
 * first name; a one-word name is the last name (which CRMs require), and no name at all the
 * e-mail address's local part. The web-to-lead form and the console's CSV both use it, so a
 * lead is named the same in either.
 */
export function splitName(fullName: string, email: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstName: "", lastName: words[0] ?? email.split("@")[0] };
  let start = words.length - 1;
  while (start > 1 && nameParticles.has(words[start - 1].toLowerCase())) start--;
  return { firstName: words.slice(0, start).join(" "), lastName: words.slice(start).join(" ") };
}

/** The form web-to-lead expects (Salesforce's names); the company is the e-mail's domain (the form asks none). */
function crmForm(crm: CrmSink, lead: LeadPayload): string {
  const { firstName, lastName } = splitName(lead.name, lead.email);
  // A cut address would be someone else's: one too long for the field goes in the description.
  const emailFits = lead.email.length <= crmFieldLengths.email;
  const fields = {
    oid: crm.orgId,
    first_name: firstName,
    last_name: lastName,
    email: emailFits ? lead.email : "",
    company: lead.email.split("@")[1] ?? "",
    description: `${emailFits ? "" : `E-mail: ${lead.email}\n\n`}${lead.subject}\n\n${lead.details}`,
    lead_source: crm.leadSource,
  };
  const form = new URLSearchParams(
    Object.entries(fields).map(([field, value]) => [field, cutTo(value, crmFieldLengths[field] ?? value.length)]),
  );
  // Web-to-lead reads the body in the charset `encoding` names (its generated forms post ?encoding=UTF-8).
  form.set("encoding", "UTF-8");
  return form.toString();
}

/**
 * The Lead fields' lengths in Salesforce's field reference (salesforce_field_reference_Lead): a
 * longer value can keep web-to-lead from creating the lead, silently, so each is cut to fit.
 */
const crmFieldLengths: Record<string, number> = {
  first_name: 40,
  last_name: 80,
  email: 80,
  company: 255,
  description: 32_000,
  lead_source: 40,
};

/** At most `max` UTF-16 units (Salesforce counts a Java string's length), never half of a surrogate pair. */
function cutTo(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

export function createHandoff({ webhooks, crm }: { webhooks: readonly WebhookEndpoint[]; crm?: CrmSink }): Handoff {
  const toWebhooks = (type: WebhookEvent, data: EventData, now: Date): OutgoingRequest[] =>
    webhooks.map((endpoint) => ({
      channel: "http",
      kind: "webhook",
      url: endpoint.url,
      event: type,
      messageId: newMessageId(),
      contentType: "application/json",
      body: webhookBody(type, data, now),
    }));
  return {
    leadCreated(lead, now) {
      const requests = toWebhooks("lead.created", leadData(lead), now);
      if (crm)
        requests.push({
          channel: "http",
          kind: "form",
          url: crm.url,
          event: "crm.lead",
          messageId: newMessageId(),
          contentType: "application/x-www-form-urlencoded",
          body: crmForm(crm, lead),
        });
      return requests;
    },
    subscriberChanged: (event, subscriber, now) => toWebhooks(event, subscriberData(subscriber), now),
    erased: (event, data, now) =>
      toWebhooks(event, "list" in data ? { id: data.id, list: data.list } : { id: data.id }, now),
  };
}
