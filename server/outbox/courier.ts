/** What the outbox's worker delivers through: a courier per channel, and the mail courier (to a transport). */
import { isConnectionFailure, isPermanentRefusal, messageIdFor, smtpAnswerOf, type MailTransport } from "./mail.ts";
import { isRequest, type Channel, type Claimed } from "./outbox-store.ts";

/**
 * How one channel's entries are delivered, and what a failure means: the far end is down ("outage":
 * one probe at a time until a send succeeds, then every retry goes at once), this entry failed
 * ("retry" after its back-off), or the receiver refused it for good ("give-up").
 */
export interface Courier {
  channel: Channel;
  /** `beforeEnd`: see MailTransport.send (only given for entries the courier `deliversOnce`). */
  send(entry: Claimed, signal: AbortSignal, beforeEnd?: () => Promise<void>): Promise<void>;
  /** Sent at most once: counted delivered just before its end is sent (markHandedOver), never sent again. */
  deliversOnce?(entry: Claimed): boolean;
  judge(error: unknown, entry: Claimed): "outage" | "retry" | "give-up";
  /** The failure as the log and the row keep it (e.g. ECONNREFUSED, HTTP 500): never an address. */
  reasonOf(error: unknown): string;
  close(): void;
}

/** A newsletter mail refused for good (5xx) is given up, not retried: a bounce (campaigns/ stops mail to it). */
export function mailCourier(transport: MailTransport, from: string, domain: string, newsletterFrom = from): Courier {
  return {
    channel: "mail",
    async send(entry, signal, beforeEnd) {
      if (isRequest(entry)) throw new Error("not a mail");
      const { id, attempts: _attempts, createdAt, priority: _priority, stream, ...content } = entry;
      const sender = stream === "newsletter" ? newsletterFrom : from;
      const mail = { ...content, from: sender, messageId: messageIdFor(id, createdAt, domain) };
      await transport.send(mail, signal, beforeEnd);
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
    close: () => transport.close(),
  };
}
