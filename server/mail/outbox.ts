/**
 * The durable outbox: mails are rows written in the same transaction as the lead or
 * subscriber they belong to (`OutboxStore.add` inside the caller's transaction); workers send
 * the due ones. Several workers (in one process or in several instances on one database) can
 * run at once: each claims due mails with a lease (`claimDue`), so a mail goes to one worker
 * at a time, and a worker that dies mid-send leaves its leases to expire, after which another
 * takes the mails over.
 *
 * Delivery is at least once: a mail is marked delivered only after the SMTP server accepted
 * it, so a crash (or a lease that ran out) between acceptance and the mark sends it again,
 * with the same Message-ID (`messageIdFor`), which receivers can deduplicate by.
 */
import { createHash, randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

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
   * every "normal" mail (confirmations to visitors), so a flood of the latter cannot delay it.
   * Default "normal".
   */
  priority?: MailPriority;
}

export type MailPriority = "high" | "normal";
/** How priorities are stored and ordered: lower first. Stores keep this number in a column. */
export const priorityRank: Record<MailPriority, number> = { high: 0, normal: 1 };
/** Every rank, lowest first: a claim asks for `priority IN (…)`, so the index is searched, not scanned. */
export const priorityRanks: readonly number[] = Object.values(priorityRank).sort((a, b) => a - b);

/** A mail a worker holds a lease on. */
export interface ClaimedMail extends OutgoingMail {
  id: number;
  /** Attempts before this one. */
  attempts: number;
  /** When it was queued: part of its Message-ID. */
  createdAt: Date;
}

/**
 * What the outbox needs from storage (SQLite: outbox-sqlite.ts). Safe for several workers on
 * one database. Every write commits before its promise resolves. The contract tests in
 * outbox-store.contract.ts hold for every implementation.
 *
 * A row is due when it is not delivered and its due time (`next_attempt_at`) has come. A
 * claim moves the due time to the end of the lease and records the worker, so a claimed row
 * is not due again until the lease expires: no separate lease column needs checking, and
 * the one index on (priority, due time) over undelivered rows serves every claim.
 */
export interface OutboxStore {
  /**
   * Queues a mail, due at once. Synchronous so it joins a transaction the caller has open on
   * the same connection (the lead and subscriber stores call it inside theirs): the mail
   * commits or rolls back with the lead. An engine whose transactions belong to a client
   * (PostgreSQL) runs the same INSERT on the caller's transaction client.
   */
  add(mail: OutgoingMail, now: Date): void;
  /**
   * Leases up to `limit` due mails to `workerId` until `now + leaseMs` and returns them:
   * high priority first, then the earliest due. Two workers never get the same row while
   * its lease runs. Must use an index on (priority, due time) of the undelivered rows, never
   * a scan of the table. SQLite: one `UPDATE … WHERE id IN (SELECT … LIMIT n) RETURNING` in an
   * IMMEDIATE transaction (writers are serialised). PostgreSQL: in one transaction,
   * `SELECT id … ORDER BY priority, next_attempt_at LIMIT n FOR UPDATE SKIP LOCKED`, then an
   * UPDATE of those ids setting the due time and the worker, RETURNING the rows, so
   * concurrent claims skip each other's rows instead of waiting on them.
   */
  claimDue(workerId: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedMail[]>;
  /** The server accepted the mail: it is never claimed again. Releases the lease. */
  markDelivered(id: number, now: Date): Promise<void>;
  /**
   * Records a failed attempt (attempts + 1, the reason) and makes the mail due at `retryAt`,
   * releasing the lease; does nothing unless `workerId` still holds the lease (once it has
   * expired and another worker took the mail over, this worker's outcome no longer counts).
   */
  markFailed(id: number, workerId: string, retryAt: Date, reason: string): Promise<void>;
  /** Gives leased mails back unsent (the worker is stopping): due at `now`, attempts unchanged. */
  release(workerId: string, ids: readonly number[], now: Date): Promise<void>;
  /**
   * The back-off reset: every undelivered, unleased mail waiting for a later retry is due at
   * `now` (the SMTP server accepted a mail again after an outage). Returns how many.
   */
  retryNow(now: Date): Promise<number>;
  /**
   * Deletes up to `limit` mails delivered before `olderThan`, bodies and all (they hold
   * visitors' addresses and words). Returns how many; call again while it returns `limit`.
   */
  pruneDelivered(olderThan: Date, limit: number): Promise<number>;
}

/** Where the outbox hands mails over (transport.ts: SMTP or .eml files). */
export interface MailTransport {
  /** Resolves once the mail is accepted; rejects to have it retried. `signal` aborts the send. */
  send(mail: Omit<OutgoingMail, "priority"> & { from: string; messageId: string }, signal?: AbortSignal): Promise<void>;
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

export function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts));
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

export interface OutboxOptions {
  store: OutboxStore;
  transport: MailTransport;
  from: string;
  /** Domain for Message-IDs: the site's host. */
  domain: string;
  /** Names this worker's leases; unique per worker (default: host, process id and a random part). */
  workerId?: string;
  /** Mails sent at once (the SMTP pool's connections). */
  concurrency?: number;
  /** At most this many mails per second are handed to the transport (MAIL_RATE_PER_SECOND). */
  ratePerSecond?: number;
  /** How long a claim holds a mail; a worker that dies leaves it to another after this. */
  leaseMs?: number;
  /** First retry of a failed mail after this many ms; doubled per failed attempt up to maxRetryMs. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** How often due mails are looked for when the outbox is idle, besides the kick after each new mail. */
  pollMs?: number;
  /** Delivered mails are deleted after this long (MAIL_RETENTION_DAYS). */
  retentionMs?: number;
  /** How often delivered mails past the retention are deleted. */
  pruneEveryMs?: number;
  /** On stop, sends still running after this long are aborted; their mails are given back. */
  stopGraceMs?: number;
  onError?: (mailId: number, attempts: number, reason: string) => void;
  /** A storage error (the database busy or closed): the worker carries on. */
  onStoreError?: (error: unknown) => void;
  now?: () => Date;
}

const day = 86_400_000;

export function createOutbox({
  store,
  transport,
  from,
  domain,
  workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`,
  concurrency = 4,
  ratePerSecond = 20,
  leaseMs = 60_000,
  retryBaseMs = 30_000,
  maxRetryMs = 3_600_000,
  pollMs = 5_000,
  retentionMs = 30 * day,
  pruneEveryMs = 3_600_000,
  stopGraceMs = 1_000,
  onError = () => {},
  onStoreError = () => {},
  now = () => new Date(),
}: OutboxOptions) {
  // Claim enough to keep every connection busy for two sends, but no more than the rate lets
  // out in 100 ms (a lead's notification queued now waits only for what is already claimed)
  // and never more than can be paced out in half a lease.
  const batchSize = Math.max(1, Math.min(concurrency * 2, Math.ceil(ratePerSecond / 10), Math.floor((ratePerSecond * leaseMs) / 2000)));
  const interval = 1000 / ratePerSecond;
  /** Claimed and not yet started. */
  const claimed: ClaimedMail[] = [];
  let claiming: Promise<number> | undefined;
  /** Set by a connection failure, ended by the next delivery: meanwhile one mail at a time is tried. */
  let outage = false;
  let nextSlot = 0;
  let stopping = false;
  /** After stop gave up on a send: its outcome is not written any more (the database may be closed). */
  let detached = false;
  const stopSignal = new AbortController();
  const abortSends = new AbortController();
  let wake: { promise: Promise<void>; resolve: () => void } = Promise.withResolvers<void>();
  let runners: Promise<void>[] = [];
  let pollTimer: NodeJS.Timeout | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;
  let stopped: Promise<void> | undefined;

  const wakeAll = () => {
    const { resolve } = wake;
    wake = Promise.withResolvers<void>();
    resolve();
  };
  const pause = (ms: number) => sleep(ms, undefined, { signal: stopSignal.signal }).catch(() => {});

  /** Writes to the store, unless stop has detached the worker; a failure is reported, never thrown. */
  async function write(work: () => Promise<unknown>): Promise<void> {
    if (detached) return;
    try {
      await work();
    } catch (error) {
      onStoreError(error);
    }
  }

  function refill(): Promise<number> {
    claiming ??= store
      .claimDue(workerId, now(), leaseMs, outage ? 1 : batchSize)
      .then((mails) => {
        claimed.push(...mails);
        return mails.length;
      })
      .finally(() => (claiming = undefined));
    return claiming;
  }

  /** The next claimed mail, claiming more when none is left; undefined when nothing is due. */
  async function next(): Promise<ClaimedMail | undefined> {
    while (!stopping) {
      const mail = claimed.shift();
      if (mail) return mail;
      if ((await refill()) === 0) return undefined;
    }
    return undefined;
  }

  /** Waits for this runner's turn under MAIL_RATE_PER_SECOND. */
  async function paced(): Promise<void> {
    const at = Math.max(Date.now(), nextSlot);
    nextSlot = at + interval;
    if (at > Date.now()) await pause(at - Date.now());
  }

  async function deliver(mail: ClaimedMail): Promise<void> {
    const { id, attempts, createdAt, priority: _priority, ...content } = mail;
    try {
      await transport.send({ ...content, from, messageId: messageIdFor(id, createdAt, domain) }, abortSends.signal);
    } catch (error) {
      if (abortSends.signal.aborted) return write(() => store.release(workerId, [id], now()));
      // The reason names the failure (e.g. ECONNREFUSED), never the recipient.
      const reason = (error as { code?: string }).code ?? (error as Error).name ?? "Error";
      if (isConnectionFailure(error)) outage = true;
      await write(() => store.markFailed(id, workerId, new Date(now().getTime() + retryDelay(attempts, retryBaseMs, maxRetryMs)), reason));
      onError(id, attempts + 1, reason);
      return;
    }
    await write(() => store.markDelivered(id, now()));
    if (outage) {
      // The server is back: whatever waits for a retry goes now, not after its back-off.
      outage = false;
      await write(() => store.retryNow(now()));
      wakeAll();
    }
  }

  async function runner(index: number): Promise<void> {
    while (!stopping) {
      const idle = wake.promise;
      // During an outage one runner probes with one mail at a time.
      if (outage && index > 0) {
        await idle;
        continue;
      }
      // The turn first, then the mail: the first in priority order when the turn comes.
      await paced();
      if (stopping) break;
      let mail: ClaimedMail | undefined;
      try {
        mail = await next();
      } catch (error) {
        onStoreError(error);
      }
      if (!mail) {
        await idle;
        continue;
      }
      await deliver(mail);
    }
  }

  async function prune(): Promise<void> {
    const olderThan = new Date(now().getTime() - retentionMs);
    for (let pruned = 1000; pruned === 1000 && !stopping;) {
      pruned = 0;
      await write(async () => (pruned = await store.pruneDelivered(olderThan, 1000)));
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async function stop(): Promise<void> {
    stopping = true;
    clearInterval(pollTimer);
    clearInterval(pruneTimer);
    stopSignal.abort();
    wakeAll();
    const finished = Promise.all(runners).then(() => true);
    const timedOut = (ms: number) => sleep(ms).then(() => false);
    if (!(await Promise.race([finished, timedOut(stopGraceMs)]))) {
      // A server that stalls is not waited for: the sends are aborted and their mails given back.
      abortSends.abort();
      await Promise.race([finished, timedOut(500)]);
    }
    const unsent = claimed.splice(0).map((mail) => mail.id);
    if (unsent.length) await write(() => store.release(workerId, unsent, now()));
    detached = true;
    transport.close();
  }

  return {
    workerId,
    /** Adds a mail to the outbox (see OutboxStore.add); `kick()` once the transaction has committed. */
    add: (mail: OutgoingMail, at: Date) => store.add(mail, at),
    /** Looks for due mails now, e.g. right after a mail was queued. */
    kick: wakeAll,
    start() {
      if (runners.length || stopping) return;
      runners = Array.from({ length: concurrency }, (_, index) => runner(index));
      pollTimer = setInterval(wakeAll, pollMs).unref();
      pruneTimer = setInterval(() => void prune(), pruneEveryMs).unref();
      void prune();
    },
    /** Stops claiming, lets running sends finish for stopGraceMs, then aborts them; resolves when done. */
    stop: () => (stopped ??= stop()),
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
