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
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { isConnectionFailure, messageIdFor, type MailTransport } from "./mail.ts";
import type { ClaimedMail, OutboxStore } from "./outbox-store.ts";

export function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts));
}

/** A worker's life and the far end's health: every change of either goes through workerReducer. */
export interface WorkerState {
  /**
   * idle: not started; running; stopping: no new claims, running sends finish; detached: stop
   * gave up on the sends still running, their outcomes are not written (the database may be closed).
   */
  phase: "idle" | "running" | "stopping" | "detached";
  /** Set by a connection failure, ended by the next delivery: meanwhile one mail at a time is tried. */
  outage: boolean;
}
export type WorkerEvent = "started" | "connection-failed" | "delivered" | "stop-requested" | "detached";
export const initialWorkerState: WorkerState = { phase: "idle", outage: false };

export function workerReducer(state: WorkerState, event: WorkerEvent): WorkerState {
  switch (event) {
    case "started":
      return state.phase === "idle" ? { ...state, phase: "running" } : state;
    case "connection-failed":
      return state.outage ? state : { ...state, outage: true };
    case "delivered":
      return state.outage ? { ...state, outage: false } : state;
    case "stop-requested":
      return state.phase === "idle" || state.phase === "running" ? { ...state, phase: "stopping" } : state;
    case "detached":
      return { ...state, phase: "detached" };
  }
}

/** Turns at least 1/ratePerSecond apart, shared by all of a worker's runners: each call books the next. */
export function createPacer(ratePerSecond: number, clock: () => number = Date.now) {
  const interval = 1000 / ratePerSecond;
  let nextSlot = 0;
  /** Milliseconds until the turn just booked. */
  return () => {
    const at = Math.max(clock(), nextSlot);
    nextSlot = at + interval;
    return at - clock();
  };
}

/** The mails a worker claimed and has not started yet; one claim runs at a time, whoever asks. */
function createClaimBuffer(claim: (limit: number) => Promise<ClaimedMail[]>) {
  const claimed: ClaimedMail[] = [];
  let claiming: Promise<number> | undefined;
  const refill = (limit: number) =>
    (claiming ??= claim(limit)
      .then((mails) => {
        claimed.push(...mails);
        return mails.length;
      })
      .finally(() => (claiming = undefined)));
  return {
    /** The next claimed mail, claiming up to `limit()` more when none is left; undefined when nothing is due. */
    async next(limit: () => number, active: () => boolean): Promise<ClaimedMail | undefined> {
      while (active()) {
        const mail = claimed.shift();
        if (mail) return mail;
        if ((await refill(limit())) === 0) return undefined;
      }
      return undefined;
    },
    /** Takes every mail not started (to give them back). */
    drain: () => claimed.splice(0),
  };
}

/** One promise every idle runner waits on; `wakeAll` resolves it and puts a new one in its place. */
function createWakeUp() {
  let wake = Promise.withResolvers<void>();
  return {
    idle: () => wake.promise,
    wakeAll() {
      const { resolve } = wake;
      wake = Promise.withResolvers<void>();
      resolve();
    },
  };
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
  let state = initialWorkerState;
  const dispatch = (event: WorkerEvent) => (state = workerReducer(state, event));
  const active = () => state.phase === "idle" || state.phase === "running";
  const buffer = createClaimBuffer((limit) => store.claimDue(workerId, now(), leaseMs, limit));
  const nextTurn = createPacer(ratePerSecond);
  const wakeUp = createWakeUp();
  const stopSignal = new AbortController();
  const abortSends = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  let runners: Promise<void>[] = [];
  let stopped: Promise<void> | undefined;

  const pause = (ms: number) => sleep(ms, undefined, { signal: stopSignal.signal }).catch(() => {});

  /** Writes to the store, unless stop has detached the worker; a failure is reported, never thrown. */
  async function write(work: () => Promise<unknown>): Promise<void> {
    if (state.phase === "detached") return;
    try {
      await work();
    } catch (error) {
      onStoreError(error);
    }
  }

  async function deliver(mail: ClaimedMail): Promise<void> {
    const { id, attempts, createdAt, priority: _priority, ...content } = mail;
    try {
      await transport.send({ ...content, from, messageId: messageIdFor(id, createdAt, domain) }, abortSends.signal);
    } catch (error) {
      if (abortSends.signal.aborted) return write(() => store.release(workerId, [id], now()));
      // The reason names the failure (e.g. ECONNREFUSED), never the recipient.
      const reason = (error as { code?: string }).code ?? (error as Error).name ?? "Error";
      if (isConnectionFailure(error)) dispatch("connection-failed");
      await write(() => store.markFailed(id, workerId, new Date(now().getTime() + retryDelay(attempts, retryBaseMs, maxRetryMs)), reason));
      onError(id, attempts + 1, reason);
      return;
    }
    await write(() => store.markDelivered(id, now()));
    if (state.outage) {
      // The server is back: whatever waits for a retry goes now, not after its back-off.
      dispatch("delivered");
      await write(() => store.retryNow(now()));
      wakeUp.wakeAll();
    }
  }

  async function runner(index: number): Promise<void> {
    while (active()) {
      const idle = wakeUp.idle();
      // During an outage one runner probes with one mail at a time.
      if (state.outage && index > 0) {
        await idle;
        continue;
      }
      // The turn first, then the mail: the first in priority order when the turn comes.
      await pause(nextTurn());
      if (!active()) break;
      let mail: ClaimedMail | undefined;
      try {
        mail = await buffer.next(() => (state.outage ? 1 : batchSize), active);
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
    for (let pruned = 1000; pruned === 1000 && active();) {
      pruned = 0;
      await write(async () => (pruned = await store.pruneDelivered(olderThan, 1000)));
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async function stop(): Promise<void> {
    dispatch("stop-requested");
    for (const timer of timers) clearInterval(timer);
    stopSignal.abort();
    wakeUp.wakeAll();
    const finished = Promise.all(runners).then(() => true);
    const timedOut = (ms: number) => sleep(ms).then(() => false);
    if (!(await Promise.race([finished, timedOut(stopGraceMs)]))) {
      // A server that stalls is not waited for: the sends are aborted and their mails given back.
      abortSends.abort();
      await Promise.race([finished, timedOut(500)]);
    }
    const unsent = buffer.drain().map((mail) => mail.id);
    if (unsent.length) await write(() => store.release(workerId, unsent, now()));
    dispatch("detached");
    transport.close();
  }

  return {
    workerId,
    /** Looks for due mails now, e.g. right after a mail was queued (once its transaction has committed). */
    kick: wakeUp.wakeAll,
    start() {
      if (state.phase !== "idle") return;
      dispatch("started");
      runners = Array.from({ length: concurrency }, (_, index) => runner(index));
      timers.push(setInterval(wakeUp.wakeAll, pollMs).unref(), setInterval(() => void prune(), pruneEveryMs).unref());
      void prune();
    },
    /** Stops claiming, lets running sends finish for stopGraceMs, then aborts them; resolves when done. */
    stop: () => (stopped ??= stop()),
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
