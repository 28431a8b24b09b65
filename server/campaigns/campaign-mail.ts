/**
 * A campaign as each recipient's mail (see README): no tracking pixel, no rewritten link. An
 * uploaded image is its JPEG at an absolute address on the site, with its size: mail clients
 * show AVIF and WebP unreliably.
 */
import MarkdownIt from "markdown-it";
import { isRefusedAddress } from "#common/content-schemas.ts";
import { html, raw } from "#common/html.ts";
import type { SiteConfig } from "#common/site.ts";
import { uploadJpeg, uploadOfAddress } from "#common/uploads.ts";
import { listId, unsubscribeHeaders } from "../leads/mail-texts.ts";
import { signToken } from "../leads/tokens.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import { withFirstName } from "./first-name.ts";
import type { CampaignDraft, Recipient } from "./store.ts";

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });
// markdown-it lets data:image/gif, png, jpeg and webp through; a mail takes none (campaign.ts
// refuses them at save, this keeps a stored draft from showing one).
const allowedByMarkdownIt = markdown.validateLink.bind(markdown);
markdown.validateLink = (url) => allowedByMarkdownIt(url) && !isRefusedAddress(url);

/** The first link or image address of a body that the mail would not show (javascript:, data:, …). */
export function refusedAddressIn(body: string): string | undefined {
  let refused: string | undefined;
  const reader = new MarkdownIt({ html: false, linkify: false });
  reader.validateLink = (url) => {
    refused ??= isRefusedAddress(url) ? url : undefined;
    return true;
  };
  reader.parse(body, {});
  return refused;
}

/** A mail's column: an image is never shown wider. */
const mailWidth = 600;
const renderImage = markdown.renderer.rules.image!;
// An image of the site's uploads, in any of its forms, becomes its JPEG with its box reserved.
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const siteUrl = (env as { siteUrl?: string } | undefined)?.siteUrl;
  const ref = siteUrl ? uploadOfAddress(String(token.attrGet("src") ?? ""), siteUrl) : undefined;
  if (!ref) return renderImage(tokens, index, options, env, self);
  const jpeg = uploadJpeg(ref);
  const width = Math.min(mailWidth, jpeg.width);
  const height = Math.round((width * jpeg.height) / jpeg.width);
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  return html`<img src="${siteUrl}${jpeg.path}" width="${width}" height="${height}" alt="${alt}" \
style="display:block;width:100%;max-width:${width}px;height:auto;border:0;margin:0 auto">`.toString();
};

/** The body as HTML: the markdown through the site's renderer (no raw HTML in it), uploads as JPEGs on the site. */
export const campaignBodyHtml = (body: string, site: Pick<SiteConfig, "siteUrl">) =>
  markdown.render(body, { siteUrl: site.siteUrl });

/** The plain-text part: the markdown with its markup taken out and each link's address after its words. */
export function plainTextOf(body: string): string {
  return body
    .replace(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, "$1 ($2)")
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, "$1 ($2)")
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|\W)[*_]([^*_\n]+)[*_](?=\W|$)/g, "$1$2")
    .replace(/`([^`\n]+)`/g, "$1")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Why the reader gets the mail, above its unsubscribe link. */
export const campaignFooter = (site: SiteConfig) =>
  `You get this mail because you subscribed to the ${site.brand} newsletter.`;

/** The signed unsubscribe link of a subscriber, as the confirmation mail carries it (mailing-list.ts). */
export const unsubscribeLink = (site: SiteConfig, secret: string, recipient: Pick<Recipient, "id" | "email">) =>
  `${site.serverBase || site.siteUrl}/mailingList/unsubscribe?token=${signToken(secret, "unsubscribe", recipient.id, recipient.email)}`;

/**
 * The mail as it is sent to one address, greeting its first name ({{firstName}}: first-name.ts),
 * with its unsubscribe link (a test send: the sender's own address and name).
 */
export function campaignMail(
  site: SiteConfig,
  campaign: Pick<CampaignDraft, "subject" | "body">,
  to: Pick<Recipient, "email" | "firstName">,
  unsubscribeUrl: string,
): OutgoingMail {
  const footer = campaignFooter(site);
  const text = withFirstName(plainTextOf(campaign.body), to.firstName, (name) => name);
  return {
    to: to.email,
    subject: campaign.subject,
    text: `${text}\n\n--\n${footer}\nUnsubscribe: ${unsubscribeUrl}\n`,
    html: html`<!doctype html><html><body style="margin:0;padding:24px;background:#ffffff;color:#1f2937">\
<div style="max-width:600px;margin:0 auto;font:16px/1.6 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">\
${raw(campaignBodyHtml(withFirstName(campaign.body, to.firstName), site))}\
<hr style="border:0;border-top:1px solid #e5e7eb;margin:32px 0 16px">\
<p style="font-size:13px;color:#4b5563">${footer} <a href="${unsubscribeUrl}" style="color:#4b5563">Unsubscribe</a></p>\
</div></body></html>`.toString(),
    headers: { ...unsubscribeHeaders(unsubscribeUrl), "List-Id": listId(site) },
    priority: "bulk",
    stream: "newsletter",
  };
}

/** A test send or a preview: its unsubscribe link names no one (mailing-list.ts answers that it changed nothing). */
export const testCampaignMail = (
  site: SiteConfig,
  campaign: Pick<CampaignDraft, "subject" | "body">,
  to: Pick<Recipient, "email" | "firstName">,
) => campaignMail(site, campaign, to, `${site.serverBase || site.siteUrl}/mailingList/unsubscribe?test`);
