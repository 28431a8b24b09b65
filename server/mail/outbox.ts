/**
 * The durable outbox worker: mails are rows written in the same transaction as the lead or
 * subscriber they belong to (`add` inside the caller's transaction); this worker sends the
 * due ones and keeps each until the transport accepts it, retrying with exponential back-off.
 * A mail is marked delivered only after the transport accepted it, so a crash in between can
 * send it again (at least once); within one process a mail is never sent twice, since only
 * one round runs at a time.
 */
/** A mail waiting in the outbox: everything needed to send it, nothing to look up later. */
export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface QueuedMail extends OutgoingMail {
  id: number;
  attempts: number;
}

/** What the outbox needs from storage (outbox-sqlite.ts). Writes commit before they return. */
export interface OutboxStore {
  /** Queues a mail; inside a caller's transaction on the same database it commits with it. */
  add(mail: OutgoingMail, now: Date): void;
  /** Mails due at `now`, oldest first. */
  dueMails(now: Date, limit: number): QueuedMail[];
  markDelivered(id: number, now: Date): void;
  /** Records a failed attempt; the mail stays queued until `retryAt`. */
  markFailed(id: number, retryAt: Date, reason: string): void;
}

/** Where the outbox hands mails over (transport.ts: SMTP or .eml files). */
export interface MailTransport {
  /** Resolves once the mail is accepted; rejects to have it retried. */
  send(mail: OutgoingMail & { from: string; messageId: string }): Promise<void>;
  describe(): string;
  close(): void;
}

export interface OutboxOptions {
  store: OutboxStore;
  transport: MailTransport;
  from: string;
  /** Domain for Message-IDs. */
  domain: string;
  /** First retry after this many ms; doubled per failed attempt up to maxRetryMs. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** How often due mails are looked for besides the kick after each new mail. */
  pollMs?: number;
  onError?: (mailId: number, attempts: number, reason: string) => void;
  now?: () => Date;
}

export function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts));
}

export function createOutbox({
  store,
  transport,
  from,
  domain,
  retryBaseMs = 30_000,
  maxRetryMs = 3_600_000,
  pollMs = 5_000,
  onError = () => {},
  now = () => new Date(),
}: OutboxOptions) {
  let running: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function round(): Promise<number> {
    let sent = 0;
    for (const mail of store.dueMails(now(), 50)) {
      try {
        const { id, attempts: _attempts, ...content } = mail;
        await transport.send({ ...content, from, messageId: `<outbox-${id}@${domain}>` });
        store.markDelivered(id, now());
        sent++;
      } catch (error) {
        // The reason names the failure (e.g. ECONNREFUSED), never the recipient.
        const reason = (error as { code?: string }).code ?? (error as Error).name ?? "Error";
        store.markFailed(mail.id, new Date(now().getTime() + retryDelay(mail.attempts, retryBaseMs, maxRetryMs)), reason);
        onError(mail.id, mail.attempts + 1, reason);
      }
    }
    return sent;
  }

  /** Sends every due mail; concurrent calls share one round and start another after it. */
  function deliverDue(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = round().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        void deliverDue();
      }
    });
    return running;
  }

  return {
    /** Adds a mail to the outbox (see OutboxStore.add); `kick()` once the transaction has committed. */
    add: (mail: OutgoingMail, at: Date) => store.add(mail, at),
    deliverDue,
    /** Asks for a round soon, e.g. right after a mail was queued. */
    kick: () => void deliverDue(),
    start() {
      timer ??= setInterval(() => void deliverDue(), pollMs);
      timer.unref();
      void deliverDue();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await running;
      transport.close();
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
