/** The mail model: what a queued mail holds, its priority, its Message-ID, and what a transport must do. */
import { createHash } from "node:crypto";

/** A mail waiting in the outbox: everything needed to send it, nothing to look up later. */
export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * "high": to the site's own people (a lead's notification); "proven": to a visitor who passed the
   * proof-of-work challenge, so a flood of strangers' sign-ups ("normal", the default) cannot delay
   * it; "bulk": newsletter campaigns, claimed after every other mail.
   */
  priority?: MailPriority;
  /** "newsletter": sent from NEWSLETTER_FROM; default transactional (MAIL_FROM). */
  stream?: "transactional" | "newsletter";
}

type MailPriority = "high" | "proven" | "normal" | "bulk";
/** How priorities are stored and ordered: lower first. Stores keep this number in a column. */
export const priorityRank: Record<MailPriority, number> = { high: 0, proven: 1, normal: 2, bulk: 3 };
/** Every rank, lowest first: a claim asks for `priority IN (…)`, so the index is searched, not scanned. */
export const priorityRanks: readonly number[] = Object.values(priorityRank).sort((a, b) => a - b);
export const priorityOf = (rank: number) =>
  (Object.keys(priorityRank) as MailPriority[]).find((name) => priorityRank[name] === rank);

/** Where the outbox hands mails over (transport.ts: SMTP or .eml files). */
export interface MailTransport {
  /**
   * Resolves once the mail is accepted. `beforeEnd` runs once all but the mail's last line is on its
   * way; the mail ends only after it resolves, and is abandoned (never complete) if it rejects.
   */
  send(
    mail: Omit<OutgoingMail, "priority" | "stream"> & { from: string; messageId: string },
    signal?: AbortSignal,
    beforeEnd?: () => Promise<void>,
  ): Promise<void>;
  describe(): string;
  /** Closes every connection, also those in the middle of a send (their sends fail). */
  close(): void;
}

/** The same for every attempt of the row, from any worker; the time queued tells apart another database's row 123. */
export function messageIdFor(id: number, createdAt: Date, domain: string): string {
  const tag = createHash("sha256").update(`${domain}\n${id}\n${createdAt.toISOString()}`).digest("hex").slice(0, 16);
  return `<outbox-${id}.${tag}@${domain}>`;
}

/** The connection or the whole server failed (refused, timed out, closed, 421): an outage, not this mail's refusal. */
export function isConnectionFailure(error: unknown): boolean {
  const responseCode = (error as { responseCode?: unknown }).responseCode;
  return typeof responseCode !== "number" || responseCode === 421;
}

/** A refusal of this one mail for good (an SMTP 5xx to its recipient or its content). */
export function isPermanentRefusal(error: unknown): boolean {
  const responseCode = (error as { responseCode?: unknown }).responseCode;
  return typeof responseCode === "number" && responseCode >= 500 && responseCode < 600;
}

/** The server's answer as the outbox keeps it: code and text, with any address in it left out. */
export function smtpAnswerOf(error: unknown): string | undefined {
  const { responseCode, response } = error as { responseCode?: unknown; response?: unknown };
  if (typeof responseCode !== "number") return undefined;
  const text = typeof response === "string" ? response.replace(/<?[^\s<>@]+@[^\s<>]+>?/g, "<address>") : "";
  return (text.startsWith(String(responseCode)) ? text : `${responseCode} ${text}`).trim().slice(0, 200);
}
