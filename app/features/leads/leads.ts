/**
 * The two lead calls of spec §7 in the exact wire format, and the answer they give:
 * `{error}` or `{message}` (spec §3 "Contact response"), or a transport failure when no
 * readable answer came back. Works against any backend that speaks the format.
 */
import type { SiteConfig } from "#common/site.ts";
import type { ContactFormValues, NewsletterFormValues } from "#common/validation.ts";
import { withVisitorId } from "#app/features/measurement/analytics.ts";
import { http, withQuery } from "./http.ts";

export type LeadAnswer = { kind: "success"; message: string } | { kind: "error"; error: string; message: string } | { kind: "transport-failure" };

/** Reads `{error}` / `{message}` from any status; anything unreadable is a transport failure. */
export async function readAnswer(response: Response): Promise<LeadAnswer> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { kind: "transport-failure" };
  }
  if (!body || typeof body !== "object") return { kind: "transport-failure" };
  const { error, message } = body as { error?: unknown; message?: unknown };
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  if (error) return { kind: "error", error: text(error) || String(error), message: text(message) };
  if (!response.ok) return { kind: "transport-failure" };
  return { kind: "success", message: text(message) };
}

async function call(url: string, fetchImpl?: typeof fetch): Promise<LeadAnswer> {
  try {
    // The visitor id links the lead to its visits (attribution), absent under Do-Not-Track/GPC.
    const response = await http(withVisitorId(url), {}, fetchImpl && { fetch: fetchImpl, cookies: () => "" });
    return await readAnswer(response);
  } catch {
    return { kind: "transport-failure" };
  }
}

export interface ContactOptions {
  subject?: string;
  type?: string;
  domain?: string;
}

/** The contact call's fields that the form does not ask for (spec §7, defaults spec §9). */
export const contactFields = (site: SiteConfig, options: ContactOptions = {}) => ({
  domain: options.domain ?? new URL(site.siteUrl).host,
  type: options.type ?? "Lead",
  subject: options.subject ?? site.contactSubject,
});

/** GET {server}/contactUs?domain&type&name&email&subject&details (spec §7, defaults spec §9). */
export function contactUrl(site: SiteConfig, values: ContactFormValues, options: ContactOptions = {}, honeypot = ""): string {
  const { domain, type, subject } = contactFields(site, options);
  return withQuery(`${site.serverBase}/contactUs`, {
    domain,
    type,
    name: values.name.trim(),
    email: values.email.trim(),
    subject,
    details: values.question.trim(),
    // Only bots fill the hidden field; people's requests stay exactly spec §7.
    ...(honeypot ? { website: honeypot } : {}),
  });
}

/** The sign-up call's fields that the form does not ask for (spec §7). */
export const mailingListFields = (site: SiteConfig) => ({ list: site.mailingList, what: "subscribe" });

/** GET {server}/mailingList?list&what=subscribe&email&first_name&last_name (spec §7). */
export function mailingListUrl(site: SiteConfig, values: NewsletterFormValues, honeypot = ""): string {
  return withQuery(`${site.serverBase}/mailingList`, {
    ...mailingListFields(site),
    email: values.email.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    ...(honeypot ? { website: honeypot } : {}),
  });
}

export const sendLead = (url: string, fetchImpl?: typeof fetch) => call(url, fetchImpl);

/** The visitor's address is kept under `email` (spec §7) to prefill the forms next time. */
export const emailStorageKey = "email";

export function rememberEmail(email: string, storage: Pick<Storage, "setItem"> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(emailStorageKey, email.trim());
  } catch {
    // Storage may be full or blocked (private mode): the form works without it.
  }
}

export function rememberedEmail(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): string {
  try {
    return storage?.getItem(emailStorageKey) ?? "";
  } catch {
    return "";
  }
}
