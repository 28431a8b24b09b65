/**
 * The pages the server renders itself (the newsletter's links, the answers to forms posted without
 * JavaScript): small, self-contained HTML in the site's colours, without JavaScript or the bundle.
 */
import { brandColors as c, logoMarkSvg } from "#common/brand.ts";
import { html, raw, type Html } from "#common/html.ts";
import type { SiteConfig } from "#common/site.ts";
import { limits } from "#common/validation.ts";
import { serverPageHeaders, type HeaderSet } from "../security-headers.ts";

/** The one inline style sheet, allowed by its hash in the pages' policy (pageHeaders): no 'unsafe-inline'. */
const pageStyle = `
  body { margin: 0; font: 18px/1.6 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: ${c.ink}; background: ${c.surface}; }
  header { background: #fff; border-bottom: 1px solid ${c.line}; padding: 12px 24px; }
  header a { display: inline-flex; align-items: center; gap: 10px; color: ${c.ink}; font-weight: 700; font-size: 20px; text-decoration: none; }
  header svg { width: 32px; height: 32px; }
  .mark { display: block; width: 48px; height: 48px; margin: 0 0 16px; }
  main { max-width: 36rem; margin: 48px auto; padding: 0 16px; }
  .card { background: #fff; border: 1px solid ${c.line}; border-radius: 16px; padding: 32px; box-shadow: 0 1px 2px rgb(0 0 0 / 5%); }
  h1 { font-size: 28px; line-height: 1.25; margin: 0 0 12px; letter-spacing: -0.01em; }
  p { color: ${c.muted}; margin: 12px 0; }
  a { color: ${c.brand700}; }
  button, .button { display: inline-block; min-height: 44px; box-sizing: border-box; border: 0; border-radius: 8px; padding: 10px 20px; font: inherit; font-weight: 600; color: #fff; background: ${c.brand600}; cursor: pointer; text-decoration: none; }
  button:hover, .button:hover { background: ${c.brand800}; }
  .actions { display: flex; flex-wrap: wrap; align-items: center; gap: 12px 20px; margin-top: 24px; }
  .note { font-size: 16px; }
  .alert { border-left: 4px solid ${c.danger600}; background: ${c.danger50}; color: ${c.ink}; border-radius: 8px; padding: 12px 16px; margin: 16px 0; }
  .alert p { color: ${c.ink}; margin: 0; }
  .field { margin: 16px 0 0; }
  label { display: block; font-weight: 500; }
  .required { color: ${c.danger700}; margin-left: 2px; }
  input, textarea { display: block; box-sizing: border-box; width: 100%; margin-top: 4px; border: 1px solid ${c.line}; border-radius: 8px; padding: 8px 12px; font: inherit; font-size: 16px; color: ${c.ink}; background: #fff; }
  textarea { min-height: 8rem; resize: vertical; }
  input[aria-invalid], textarea[aria-invalid] { border-color: ${c.danger600}; }
  .error { color: ${c.danger700}; font-size: 15px; margin: 4px 0 0; }
  .hidden { position: absolute; left: -9999px; width: 1px; height: 1px; overflow: hidden; }
  :focus-visible { outline: 3px solid ${c.focus}; outline-offset: 2px; }
  @media (max-width: 480px) { main { margin: 24px auto; } .card { padding: 24px 20px; } h1 { font-size: 24px; } }
`;

/** `mark`: an icon above the title (SVG markup), e.g. the tick of a page that says all went well. */
export function page(site: SiteConfig, title: string, body: Html, mark?: Html): string {
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | ${site.brand}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${raw(pageStyle)}</style>
</head>
<body>
<header><a href="${site.siteUrl}/"><svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">${raw(logoMarkSvg)}</svg>${site.brand}</a></header>
<main><div class="card">
${mark}<h1>${title}</h1>
${body}
</div></main>
</body>
</html>
`.toString();
}

/** The headers every one of these pages is sent with: its own policy (style by hash, no script) and Referrer-Policy. */
export const pageHeaders = (site: SiteConfig): HeaderSet => serverPageHeaders(site, [pageStyle]);

/** A rendered page: its status, title and body. */
export interface Page {
  status: number;
  title: string;
  body: Html;
  mark?: Html;
}

const home = (site: SiteConfig) =>
  html`<div class="actions"><a class="button" href="${site.siteUrl}/">Go to the ${site.brand} website</a></div>`;

// The newsletter's signed links (mailing-list.ts).

export const invalidLinkPage = (site: SiteConfig): Page => ({
  status: 400,
  title: "This link is not valid",
  body: html`<p>The link may be incomplete, used already or older than 7 days. Please copy the whole link from the mail, or <a href="${site.siteUrl}/#newsletter">subscribe again</a>.</p>`,
});

export const confirmPage = (site: SiteConfig, token: string): Page => ({
  status: 200,
  title: "Confirm your subscription",
  body: html`<p>Press the button to get the ${site.brand} newsletter.</p>
<form method="post" action="/mailingList/confirm"><input type="hidden" name="token" value="${token}"><button type="submit">Confirm subscription</button></form>`,
});

export const confirmFromMailPage: Page = {
  status: 403,
  title: "This link is not valid",
  body: html`<p>Please open the link from the mail and press the button there.</p>`,
};

export const subscribedPage = (site: SiteConfig): Page => ({
  status: 200,
  title: "You are subscribed",
  // A next step while the visitor is here (issue #43): the recorded demos first, then the prices.
  body: html`<p>Thank you for confirming. The ${site.brand} newsletter will come to your inbox.</p>
<p class="note">Until the first issue arrives: see the product at work in the recorded demos, or check what it costs.</p>
<div class="actions"><a class="button" href="${site.siteUrl}/demo">Watch the recorded demos</a><a href="${site.siteUrl}/products#pricing">See the prices</a></div>`,
});

export const unsubscribePage = (token: string): Page => ({
  status: 200,
  title: "Unsubscribe from the newsletter?",
  body: html`<p>Press the button and you will get no more newsletters from us.</p>
<form method="post" action="/mailingList/unsubscribe?token=${token}"><button type="submit">Unsubscribe</button></form>`,
});

/** A test mail's link (campaigns/campaign-mail.ts): it names no subscriber, so it changes nothing and says so. */
export const testUnsubscribePage = (site: SiteConfig): Page => ({
  status: 200,
  title: "This link came from a test mail",
  body: html`<p>Nothing was changed. In the campaign itself, each reader's mail carries their own link here, and one press unsubscribes them.</p>${home(site)}`,
});

export const unsubscribedPage = (site: SiteConfig): Page => ({
  status: 200,
  title: "You are unsubscribed",
  body: html`<p>You will get no more newsletters from us.</p>${home(site)}`,
});

// The forms posted without JavaScript (lead-endpoint.ts): results, and the form again on an error.

/** The form a result page belongs to: its endpoint, and its page on the site to go back to. */
export type LeadForm = "contact" | "newsletter";

export const formPaths: Record<LeadForm, { action: string; sent: string; back: string }> = {
  contact: { action: "/contactUs", sent: "/contactUs/sent", back: "/contact" },
  newsletter: { action: "/mailingList", sent: "/mailingList/sent", back: "/#newsletter" },
};

/** The mark of a result page that says all went well. */
const done = html`<svg class="mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="11" fill="${c.brand50}"/><path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="${c.brand700}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

export const contactSentPage = (site: SiteConfig, message: string): Page => ({
  status: 200,
  title: "Your question was sent",
  mark: done,
  body: html`<p>${message}</p>
<p class="note">We answer by e-mail, to the address you gave. Nothing arrived after a business day? Please look in your spam folder, or write to <a href="mailto:${site.salesEmail}">${site.salesEmail}</a>.</p>${home(site)}`,
});

export const subscribeSentPage = (site: SiteConfig, message: string): Page => ({
  status: 200,
  title: "Check your inbox",
  mark: done,
  body: html`<p>${message}</p>
<p class="note">Open the mail from us and press <strong>Confirm subscription</strong>: the newsletter starts only then. The link works for 7 days. No mail after a few minutes? Please look in your spam folder.</p>${home(site)}`,
});

/** The form page of a refused post: a post from another site, or one without the form's fields. */
export const formRefusedPage = (site: SiteConfig, form: LeadForm, status: number, error: string): Page => ({
  status,
  title: "Your form was not sent",
  body: html`<div class="alert" role="alert"><p>${error}</p></div>
<div class="actions"><a class="button" href="${site.siteUrl}${formPaths[form].back}">Go to the form on ${site.brand}</a></div>`,
});

interface FieldSpec {
  name: string;
  label: string;
  type?: "email" | "text";
  multiline?: boolean;
  required?: boolean;
  autocomplete?: string;
  max: number;
}

const formFields: Record<LeadForm, { title: string; button: string; visible: FieldSpec[]; hidden: string[] }> = {
  contact: {
    title: "Please check your question",
    button: "Submit",
    visible: [
      { name: "name", label: "Name", autocomplete: "name", max: limits.name },
      { name: "email", label: "Email", type: "email", required: true, autocomplete: "email", max: limits.email },
      { name: "details", label: "How can we help?", multiline: true, required: true, max: limits.details },
    ],
    hidden: ["domain", "type", "subject"],
  },
  newsletter: {
    title: "Please check your sign-up",
    button: "Subscribe",
    visible: [
      { name: "email", label: "Email", type: "email", required: true, autocomplete: "email", max: limits.email },
      { name: "first_name", label: "First name", autocomplete: "given-name", max: limits.name },
      { name: "last_name", label: "Last name", autocomplete: "family-name", max: limits.name },
    ],
    hidden: ["list", "what"],
  },
};

/** The form again with the wire fields as sent (strings only), the error on top and each field's beside it. */
export function formErrorPage(
  form: LeadForm,
  status: number,
  error: string,
  values: Record<string, unknown>,
  fieldErrors: Record<string, string> = {},
): Page {
  return {
    status,
    title: formFields[form].title,
    body: html`<div class="alert" role="alert"><p>${error}</p></div>
${refilledForm(form, values, fieldErrors)}`,
  };
}

/** The form with the visitor's values, each field's error beside it. */
function refilledForm(form: LeadForm, values: Record<string, unknown>, fieldErrors: Record<string, string> = {}): Html {
  const spec = formFields[form];
  const value = (name: string) => (typeof values[name] === "string" ? values[name] : "");
  const field = (f: FieldSpec) => {
    const id = `f-${f.name}`;
    const problem = fieldErrors[f.name];
    const attributes = html`id="${id}" name="${f.name}" maxlength="${f.max}"${f.required && html` required`}${
      f.autocomplete && html` autocomplete="${f.autocomplete}"`
    }${problem && html` aria-invalid="true" aria-describedby="${id}-error"`}`;
    const control = f.multiline
      ? html`<textarea ${attributes} rows="5">${value(f.name)}</textarea>`
      : html`<input type="${f.type ?? "text"}" ${attributes} value="${value(f.name)}">`;
    const mark = f.required && html`<span class="required" aria-hidden="true">*</span>`;
    const message = problem && html`<p class="error" id="${id}-error">${problem}</p>`;
    return html`<div class="field"><label for="${id}">${f.label}${mark}</label>${control}${message}</div>`;
  };
  const hidden = spec.hidden.map((name) => html`<input type="hidden" name="${name}" value="${value(name)}">`);
  return html`<form method="post" action="${formPaths[form].action}">${hidden}${spec.visible.map((f, i) => [i ? "\n" : "", field(f)])}
<div class="actions"><button type="submit">${spec.button}</button></div></form>`;
}

/** What a script is told when a request must pass the challenge first (its form solves it and sends again by itself). */
export const challengeRequiredErrors: Record<LeadForm, string> = {
  newsletter: "Many sign-ups are arriving right now - please let your browser do a short check and send again",
  contact: "Many questions came from your network this hour - please let your browser do a short check and send again",
};

const challengeWords: Record<LeadForm, { what: string; why: string; again: string }> = {
  newsletter: {
    what: "sign-up",
    why: "Many sign-ups are arriving right now, so before we send a confirmation mail we ask each browser to do a short automatic check.",
    again: "sign up again",
  },
  contact: {
    what: "question",
    why: "Many questions came from your network this hour, so we ask each browser on it to do a short automatic check before we take another.",
    again: "send your question again",
  },
};

/** A form posted without JavaScript while the challenge (which needs JavaScript) is required: why, and the form. */
export function challengeRequiredPage(site: SiteConfig, form: LeadForm, values: Record<string, unknown>): Page {
  const words = challengeWords[form];
  return {
    status: 429,
    title: `Your ${words.what} was not sent yet`,
    body: html`<div class="alert" role="alert"><p>${words.why} That check needs JavaScript, which is off here, so your ${words.what} was not sent.</p></div>
<p>Please turn on JavaScript for ${site.brand} and ${words.again}: the check then runs by itself in a second or two.</p>
<div class="actions"><a class="button" href="${site.siteUrl}${formPaths[form].back}">Go to the form on ${site.brand}</a></div>
<p class="note">Or send it again from here later: the check is asked for only while the rush lasts, usually less than an hour.</p>
${refilledForm(form, values)}`,
  };
}
