/**
 * Answers of the console's JSON API (server/console/routes.ts) that the server and the console
 * (app/features/console/) both type: one definition, so neither restates the other's.
 */

/** Who is signed in. */
export interface ConsoleAccount {
  email: string;
  role: "owner" | "viewer";
}

/**
 * GET /admin/api/session: whether the browser holds a session. Without one it is
 * `{ signedIn: false }` with status 200 (the sign-in page asks on every visit, and a 401 would
 * be a console error each time) and nothing else: it tells nothing about anyone.
 */
export type SessionAnswer = { signedIn: false } | { signedIn: true; account: ConsoleAccount };

/** The outbox's channels: mail goes to SMTP, requests (webhooks, the CRM's form) over HTTP. */
export type DeliveryChannel = "mail" | "http";

/** Where an outbox row stands (server/mail/outbox-store.ts): per lead, its notification mail, webhooks and CRM post. */
export interface DeliveryState {
  id: number;
  ref: string;
  channel: DeliveryChannel;
  /** The mail's recipient or the request's URL. */
  target: string;
  /** A request's event (lead.created, …); a mail's subject. */
  what: string;
  state: "queued" | "delivered" | "given up";
  /** Attempts made so far: the failed ones, plus the last one once delivered or given up. */
  attempts: number;
  lastError: string | null;
  queuedAt: string;
  /** When it was delivered or given up; null while queued. */
  doneAt: string | null;
  /** When it is tried next; null once done. */
  nextAttemptAt: string | null;
}
