/**
 * The mail model: what a queued mail holds, how its priority is stored, its Message-ID, and
 * what a transport must do to send it. The worker (outbox.ts) and the stores use it; the
 * features that write mails (leads/mail-texts.ts) import only this and outbox-store.ts.
 */
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
   * "high": mail to the site's own people (a lead's notification to sales), claimed ahead of
   * every other mail; "proven": mail to a visitor whose request passed the proof-of-work
   * challenge (leads/challenge.ts), claimed ahead of every "normal" mail (confirmations to
   * visitors), so a flood of strangers' sign-ups cannot delay it. Default "normal". "bulk":
   * newsletter campaigns (server/campaigns/), claimed after every other mail.
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
/** The priority a stored rank stands for. */
export const priorityOf = (rank: number) =>
  (Object.keys(priorityRank) as MailPriority[]).find((name) => priorityRank[name] === rank);

/** Where the outbox hands mails over (transport.ts: SMTP or .eml files). */
export interface MailTransport {
  /**
   * Resolves once the mail is accepted; rejects to have it retried. `signal` aborts the send.
   * `beforeEnd`, when given, runs once the whole mail but its last line is on its way; the
   * mail ends only after it resolves, and is abandoned (never complete at the receiver) if it rejects.
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

/**
 * The Message-ID of an outbox row: the same for every attempt of the row, from any worker or
 * instance, and different for a row of another database that got the same id (the time it
 * was queued is part of it): `<outbox-123.3f9a0c21d4e5b6a7@www.example.com>`.
 */
export function messageIdFor(id: number, createdAt: Date, domain: string): string {
  const tag = createHash("sha256").update(`${domain}\n${id}\n${createdAt.toISOString()}`).digest("hex").slice(0, 16);
  return `<outbox-${id}.${tag}@${domain}>`;
}

/**
 * A failure of the connection or the server as a whole (refused, timed out, closed, 421),
 * as opposed to a refusal of this one mail (a 5xx to its recipient): only the former starts
 * an outage, which the first delivery afterwards ends.
 */
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
