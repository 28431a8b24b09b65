/** The mails lead capture sends: `html` escapes every value; headers come only from single-line fields. */
import { html } from "#common/html.ts";
import type { SiteConfig } from "#common/site.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import { describeTouch } from "./attribution.ts";
import type { Lead, Subscriber } from "./store.ts";

/**
 * The visitor as the sales mail's Reply-To: their address, and their name as a quoted display
 * name without the characters that could make it read as another address (`<`, `>`, `@`) or
 * end the quotes. common/validation.ts has refused encoded-words (=?…?=), which clients decode.
 */
export function replyTo(lead: Pick<Lead, "name" | "email">): string {
  const name = lead.name.replace(/["\\<>@]/g, "").trim();
  return name ? `"${name}" <${lead.email}>` : lead.email;
}

/** The notification to sales: the question, with a reply-to of the visitor. */
export function leadNotification(site: SiteConfig, lead: Lead, id: number | string): OutgoingMail {
  const who = lead.name ? `${lead.name} <${lead.email}>` : lead.email;
  const rows: [string, string][] = [
    ["From", who],
    ["Subject", lead.subject],
    ["Type", lead.type],
    ["Site", lead.domain],
    // Where the visitor came from (issue 21), when the form was sent with a visitor id.
    ...((lead.attribution?.first
      ? [
          ["First visit", describeTouch(lead.attribution.first)],
          ["This visit", describeTouch(lead.attribution.visit)],
        ]
      : []) as [string, string][]),
  ];
  return {
    to: site.salesEmail,
    replyTo: replyTo(lead),
    subject: `${lead.type} ${id}: ${lead.subject}`.slice(0, 250),
    text: `${rows.map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${lead.details}\n`,
    html: html`<table>${rows.map(([k, v]) => html`<tr><th align="left">${k}</th><td>${v}</td></tr>`)}</table>\
<p style="white-space:pre-wrap">${lead.details}</p>`.toString(),
    // Ahead of confirmations to visitors: a flood of those must not delay a lead.
    priority: "high",
  };
}

/** Headers every newsletter mail carries (RFC 2369 and RFC 8058 one-click). */
export const unsubscribeHeaders = (unsubscribeUrl: string) => ({
  "List-Unsubscribe": `<${unsubscribeUrl}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

/** RFC 2919 List-Id of the newsletter: "<brand> newsletter <newsletter.site host>". */
export const listId = (site: SiteConfig) =>
  `${site.brand} newsletter <newsletter.${new URL(site.siteUrl).hostname.replace(/^www\./, "")}>`;

/** The confirmation mail: to an address nobody confirmed, so nothing the visitor typed (no name) rides along. */
export function confirmationMail(
  site: SiteConfig,
  subscriber: Subscriber,
  links: { confirm: string; unsubscribe: string },
): OutgoingMail {
  return {
    to: subscriber.email,
    subject: `Please confirm your subscription to the ${site.brand} newsletter`,
    text:
      `Hello,\n\nPlease confirm that you want the ${site.brand} newsletter: open this link and press "Confirm subscription":\n${links.confirm}\n\n` +
      `The link works for 7 days. If you did not ask for it, ignore this mail and nothing more will come.\n\nUnsubscribe: ${links.unsubscribe}\n`,
    html: html`<p>Hello,</p><p>Please confirm that you want the ${site.brand} newsletter:</p>\
<p><a href="${links.confirm}">Confirm my subscription</a></p>\
<p>The link works for 7 days. If you did not ask for it, ignore this mail and nothing more will come.</p>\
<p style="font-size:small"><a href="${links.unsubscribe}">Unsubscribe</a></p>`.toString(),
    headers: { ...unsubscribeHeaders(links.unsubscribe), "List-Id": listId(site) },
  };
}
