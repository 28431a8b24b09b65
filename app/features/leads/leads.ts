/**
 * The two lead calls of requirements §7 in the exact wire format, and the answer they give:
 * `{error}` or `{message}` (requirements §3 "Contact response"), or a transport failure when no
 * readable answer came back. Works against any backend that speaks the format.
 */
import type { SiteConfig } from "#common/site.ts";
import type { ContactFormValues, NewsletterFormValues } from "#common/validation.ts";
import { withVisitorId } from "#app/features/measurement/analytics.ts";
import { http, isRelativeUrl, withQuery } from "./http.ts";

export type LeadAnswer =
  | { kind: "success"; message: string }
  | { kind: "error"; error: string; message: string }
  | { kind: "transport-failure" };

/** Reads `{error}` / `{message}` from any status; anything unreadable is a transport failure. */
export async function readAnswer(response: Response): Promise<LeadAnswer> {
  return answerOf(response, await readBody(response));
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function answerOf(response: Response, body: unknown): LeadAnswer {
  if (!body || typeof body !== "object") return { kind: "transport-failure" };
  const { error, message } = body as { error?: unknown; message?: unknown };
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  if (error) return { kind: "error", error: text(error) || String(error), message: text(message) };
  if (!response.ok) return { kind: "transport-failure" };
  return { kind: "success", message: text(message) };
}

/**
 * Where to get a challenge when the answer asks for one (429 with `challenge`, the server's
 * challenge.ts), resolved against the URL that was called.
 */
function challengeUrlOf(response: Response, body: unknown, calledUrl: string): string | undefined {
  const path =
    response.status === 429 && body && typeof body === "object"
      ? (body as { challenge?: unknown }).challenge
      : undefined;
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//")) return undefined;
  return isRelativeUrl(calledUrl) ? path : new URL(path, calledUrl).href;
}

/**
 * One call, and when the server asks for a proof-of-work challenge (it does only while it is
 * flooded): `onChecking`, then the solver's code is loaded, solves it and the call is sent
 * again with the solution, once.
 */
async function call(url: string, fetchImpl?: typeof fetch, onChecking?: () => void): Promise<LeadAnswer> {
  try {
    // The visitor id links the lead to its visits (attribution), absent under Do-Not-Track/GPC.
    const response = await http(withVisitorId(url), {}, fetchImpl && { fetch: fetchImpl, cookies: () => "" });
    const body = await readBody(response);
    const challengeUrl = onChecking && challengeUrlOf(response, body, url);
    if (!challengeUrl) return answerOf(response, body);
    onChecking();
    const { fetchAndSolve } = await import("#common/challenge-solver.ts");
    const solution = await fetchAndSolve(challengeUrl, fetchImpl);
    return await call(`${url}${url.includes("?") ? "&" : "?"}challenge=${encodeURIComponent(solution)}`, fetchImpl);
  } catch {
    return { kind: "transport-failure" };
  }
}

export interface ContactOptions {
  subject?: string;
  type?: string;
  domain?: string;
}

/** The contact call's fields that the form does not ask for (requirements §7, defaults requirements §9). */
export const contactFields = (site: SiteConfig, options: ContactOptions = {}) => ({
  domain: options.domain ?? new URL(site.siteUrl).host,
  type: options.type ?? "Lead",
  subject: options.subject ?? site.contactSubject,
});

/** GET {server}/contactUs?domain&type&name&email&subject&details (requirements §7, defaults requirements §9). */
export function contactUrl(
  site: SiteConfig,
  values: ContactFormValues,
  options: ContactOptions = {},
  honeypot = "",
): string {
  const { domain, type, subject } = contactFields(site, options);
  return withQuery(`${site.serverBase}/contactUs`, {
    domain,
    type,
    name: values.name.trim(),
    email: values.email.trim(),
    subject,
    details: values.question.trim(),
    // Only bots fill the hidden field; people's requests stay exactly as requirements §7 says.
    ...(honeypot ? { website: honeypot } : {}),
  });
}

/** The sign-up call's fields that the form does not ask for (requirements §7). */
export const mailingListFields = (site: SiteConfig) => ({ list: site.mailingList, what: "subscribe" });

/** GET {server}/mailingList?list&what=subscribe&email&first_name&last_name (requirements §7). */
export function mailingListUrl(site: SiteConfig, values: NewsletterFormValues, honeypot = ""): string {
  return withQuery(`${site.serverBase}/mailingList`, {
    ...mailingListFields(site),
    email: values.email.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    ...(honeypot ? { website: honeypot } : {}),
  });
}

/** `onChecking`: the server asked for the challenge and the browser is solving it (a second or two). */
export const sendLead = (url: string, fetchImpl?: typeof fetch, onChecking?: () => void) =>
  call(url, fetchImpl, onChecking);

/** The visitor's address is kept under `email` (requirements §7) to prefill the forms next time. */
export const emailStorageKey = "email";

export function rememberEmail(
  email: string,
  storage: Pick<Storage, "setItem"> | undefined = globalThis.localStorage,
): void {
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
