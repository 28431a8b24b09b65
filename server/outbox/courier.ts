/**
 * What the outbox's worker (outbox.ts) delivers through: a courier per channel, and the mail
 * courier, which hands mails to a transport (SMTP or .eml files, transport.ts).
 */
import { isConnectionFailure, isPermanentRefusal, messageIdFor, smtpAnswerOf, type MailTransport } from "./mail.ts";
import { isRequest, type Channel, type Claimed } from "./outbox-store.ts";

/**
 * How one channel's entries are delivered (mail: mailCourier below; requests: http.ts), and
 * what a failure means: the far end is down ("outage": one probe at a time until a send
 * succeeds, then every waiting retry goes at once), this entry failed ("retry" after its
 * back-off), or the receiver refused it for good ("give-up": never retried).
 */
export interface Courier {
  channel: Channel;
  /** `beforeEnd`: see MailTransport.send (only given for entries the courier `deliversOnce`). */
  send(entry: Claimed, signal: AbortSignal, beforeEnd?: () => Promise<void>): Promise<void>;
  /**
   * Whether this entry is sent at most once rather than at least once: counted as delivered
   * just before its end is sent (outbox-store.ts markHandedOver), so neither a crash after
   * that nor a lease taken over while it was on its way sends it a second time.
   */
  deliversOnce?(entry: Claimed): boolean;
  judge(error: unknown, entry: Claimed): "outage" | "retry" | "give-up";
  /** The failure as the log and the row keep it (e.g. ECONNREFUSED, HTTP 500): never an address. */
  reasonOf(error: unknown): string;
  describe(): string;
  close(): void;
}

/**
 * Sends mails through a transport, each with its row's Message-ID, from `from` (a newsletter
 * mail from `newsletterFrom`); an SMTP connection failure is an outage. A newsletter mail
 * refused for good (5xx) is given up, not retried: a bounce (campaigns/ stops mail to that address).
 */
export function mailCourier(transport: MailTransport, from: string, domain: string, newsletterFrom = from): Courier {
  return {
    channel: "mail",
    async send(entry, signal, beforeEnd) {
      if (isRequest(entry)) throw new Error("not a mail");
      const { id, attempts: _attempts, createdAt, priority: _priority, stream, ...content } = entry;
      const sender = stream === "newsletter" ? newsletterFrom : from;
      await transport.send(
        { ...content, from: sender, messageId: messageIdFor(id, createdAt, domain) },
        signal,
        beforeEnd,
      );
    },
    // Campaign mail; a lead's or a visitor's mail is better twice than lost.
    deliversOnce: (entry) => !isRequest(entry) && entry.priority === "bulk",
    judge: (error, entry) =>
      isConnectionFailure(error)
        ? "outage"
        : !isRequest(entry) && entry.stream === "newsletter" && isPermanentRefusal(error)
          ? "give-up"
          : "retry",
    reasonOf: (error) => smtpAnswerOf(error) ?? (error as { code?: string }).code ?? (error as Error).name ?? "Error",
    describe: () => transport.describe(),
    close: () => transport.close(),
  };
}
