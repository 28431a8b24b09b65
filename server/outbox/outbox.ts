/**
 * The outbox's workers, one per channel: each claims due rows with a lease (`claimDue`), so
 * workers in several processes or instances share one database, and a dead worker's rows go to
 * another once its lease runs out. Delivery is at least once (a crash between acceptance and the
 * mark sends again, with the same Message-ID or webhook-id, which receivers can deduplicate by),
 * but campaign mail is counted delivered before its last line goes (`deliversOnce`,
 * `markHandedOver`): a newsletter twice is worse than, in that rare crash, none.
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { periodicWork, type PeriodicWork } from "../periodic-work.ts";
import { mailCourier, type Courier } from "./courier.ts";
import { smtpAnswerOf, type MailTransport } from "./mail.ts";
import type { Claimed, OutboxStore } from "./outbox-store.ts";

function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts));
}

/** A worker's life and the far end's health: every change of either goes through workerReducer. */
interface WorkerState {
  /** stopping: no new claims, running sends finish; detached: their outcomes are no longer written (db closed). */
  phase: "idle" | "running" | "stopping" | "detached";
  /** Set by a connection failure, ended by the next delivery: meanwhile one mail at a time is tried. */
  outage: boolean;
  /** Set by a failed store call, ended by the next one that works: meanwhile one runner probes, backing off. */
  storeDown: boolean;
}
export type WorkerEvent =
  "started" | "connection-failed" | "delivered" | "store-failed" | "store-worked" | "stop-requested" | "detached";
export const initialWorkerState: WorkerState = { phase: "idle", outage: false, storeDown: false };

export function workerReducer(state: WorkerState, event: WorkerEvent): WorkerState {
  switch (event) {
    case "started":
      return state.phase === "idle" ? { ...state, phase: "running" } : state;
    case "connection-failed":
      return state.outage ? state : { ...state, outage: true };
    case "delivered":
      return state.outage ? { ...state, outage: false } : state;
    case "store-failed":
      return state.storeDown ? state : { ...state, storeDown: true };
    case "store-worked":
      return state.storeDown ? { ...state, storeDown: false } : state;
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
    // One reading: a tick between two would make the first wait -1 ms.
    const now = clock();
    const at = Math.max(now, nextSlot);
    nextSlot = at + interval;
    return at - now;
  };
}

/** The mails a worker claimed and has not started yet; one claim runs at a time, whoever asks. */
function createClaimBuffer(claim: (limit: number) => Promise<Claimed[]>) {
  const claimed: Claimed[] = [];
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
    async next(limit: () => number, active: () => boolean): Promise<Claimed | undefined> {
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

interface WorkerOptions {
  store: OutboxStore;
  /** Names this worker's leases; unique per worker. */
  workerId?: string;
  /** Mails sent at once (the SMTP pool's connections). */
  concurrency?: number;
  /** At most this many mails per second are handed to the transport (MAIL_RATE_PER_SECOND). */
  ratePerSecond?: number;
  /** How long a claim holds a mail: a worker that dies leaves it to another after this. */
  leaseMs?: number;
  /** First retry of a failed mail after this many ms; doubled per failed attempt up to maxRetryMs. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** How often due mails are looked for when idle, besides the kick after each new mail. */
  pollMs?: number;
  /** Delivered mails are deleted after this long (MAIL_RETENTION_DAYS), looked for every pruneEveryMs. */
  retentionMs?: number;
  pruneEveryMs?: number;
  /** On stop, sends still running after this long are aborted; their mails are given back. */
  stopGraceMs?: number;
  /** Whether this worker deletes old delivered rows (one worker per process is enough). */
  prunes?: boolean;
  onError?: (id: number, attempts: number, reason: string) => void;
  /** The receiver refused an entry for good: it is not retried. */
  onGiveUp?: (id: number, attempts: number, reason: string) => void;
  /** The first storage error of a run: one runner retries after pollMs, doubled up to storeRetryMaxMs. */
  onStoreError?: (error: unknown) => void;
  /** The first store call that works after onStoreError. */
  onStoreRecovered?: () => void;
  storeRetryMaxMs?: number;
  now?: () => Date;
}

export interface OutboxOptions extends WorkerOptions {
  transport: MailTransport;
  /** MAIL_FROM, NEWSLETTER_FROM (default `from`), and the site's host for Message-IDs. */
  from: string;
  newsletterFrom?: string;
  domain: string;
}

const day = 86_400_000;

/** The mail worker: the outbox's mails sent through `transport`. */
export function createOutbox({ transport, from, newsletterFrom, domain, ...options }: OutboxOptions) {
  return createOutboxWorker({ ...options, courier: mailCourier(transport, from, domain, newsletterFrom) });
}

/** A worker for one channel: claims its due entries and hands them to the courier, paced. */
export function createOutboxWorker({
  store,
  courier,
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
  prunes = true,
  onError = () => {},
  onGiveUp = () => {},
  onStoreError = () => {},
  onStoreRecovered = () => {},
  storeRetryMaxMs = 60_000,
  now = () => new Date(),
}: WorkerOptions & { courier: Courier }) {
  // Claim enough to keep every connection busy for two sends, but no more than the rate lets
  // out in 100 ms (a lead's notification queued now waits only for what is already claimed)
  // and never more than can be paced out in half a lease.
  const batchSize = Math.max(
    1,
    Math.min(concurrency * 2, Math.ceil(ratePerSecond / 10), Math.floor((ratePerSecond * leaseMs) / 2000)),
  );
  let state = initialWorkerState;
  const dispatch = (event: WorkerEvent) => (state = workerReducer(state, event));
  const active = () => state.phase === "idle" || state.phase === "running";
  const buffer = createClaimBuffer((limit) => store.claimDue(workerId, now(), leaseMs, limit, courier.channel));
  const nextTurn = createPacer(ratePerSecond);
  const stopSignal = new AbortController();
  const abortSends = new AbortController();
  // Each runner delivers until nothing is due, then waits for a kick or the next poll.
  let runners: PeriodicWork[] = [];
  const wakeAll = () => runners.forEach((runner) => void runner.kick());
  let stopped: Promise<void> | undefined;

  const pause = (ms: number) => sleep(ms, undefined, { signal: stopSignal.signal }).catch(() => {});

  // A store that fails, fails every call until it is back: reported once, and once when it works.
  let storeFailures = 0;
  function storeFailed(error: unknown): void {
    storeFailures++;
    if (state.storeDown) return;
    dispatch("store-failed");
    onStoreError(error);
  }
  function storeWorked(): void {
    if (!state.storeDown) return;
    storeFailures = 0;
    dispatch("store-worked");
    onStoreRecovered();
    wakeAll();
  }

  /** Writes to the store, unless stop has detached the worker; a failure is reported, never thrown. */
  async function write(work: () => Promise<unknown>): Promise<void> {
    if (state.phase === "detached") return;
    try {
      await work();
      storeWorked();
    } catch (error) {
      storeFailed(error);
    }
  }

  async function deliver(entry: Claimed): Promise<void> {
    const { id, attempts } = entry;
    let handedOver = false;
    let leaseLost = false;
    const beforeEnd = courier.deliversOnce?.(entry)
      ? async () => {
          handedOver = await store.markHandedOver(id, workerId, now());
          leaseLost = !handedOver;
          if (leaseLost) throw new Error("lease taken over by another worker: this send is abandoned");
        }
      : undefined;
    try {
      await courier.send(entry, abortSends.signal, beforeEnd);
    } catch (error) {
      // Another worker holds it now and sends it: nothing of this attempt is recorded.
      if (leaseLost) return;
      // Handed over and no answer after (the connection or this worker stopped): the end may
      // have arrived, so it stays counted as delivered rather than risk a second copy.
      if (handedOver && smtpAnswerOf(error) === undefined) return write(() => store.markDelivered(id, now()));
      if (abortSends.signal.aborted) return write(() => store.release(workerId, [id], now()));
      const reason = courier.reasonOf(error);
      const verdict = courier.judge(error, entry);
      if (verdict === "give-up") {
        await write(() => store.markGivenUp(id, workerId, now(), reason));
        onGiveUp(id, attempts + 1, reason);
        return;
      }
      if (verdict === "outage") dispatch("connection-failed");
      const retryAt = new Date(now().getTime() + retryDelay(attempts, retryBaseMs, maxRetryMs));
      await write(() => store.markFailed(id, workerId, retryAt, reason));
      onError(id, attempts + 1, reason);
      return;
    }
    await write(() => store.markDelivered(id, now()));
    if (state.outage) {
      // The server is back: whatever waits for a retry goes now, not after its back-off.
      dispatch("delivered");
      await write(() => store.retryNow(now(), courier.channel));
      wakeAll();
    }
  }

  /** One run of a runner: delivers until nothing is due. */
  async function deliverDue(index: number): Promise<void> {
    while (active()) {
      // During an outage one runner probes with one mail at a time; while the store fails, one
      // runner tries it after a back-off. The others wait for a kick (wakeAll, once it is over).
      if ((state.outage || state.storeDown) && index > 0) return;
      if (state.storeDown) {
        await pause(retryDelay(storeFailures - 1, pollMs, storeRetryMaxMs));
        if (!active()) return;
      }
      // The turn first, then the mail: the first in priority order when the turn comes.
      await pause(nextTurn());
      // The store may have failed for another runner while this one waited for its turn.
      if (!active() || (state.storeDown && index > 0)) return;
      let entry: Claimed | undefined;
      try {
        entry = await buffer.next(() => (state.outage ? 1 : batchSize), active);
        storeWorked();
      } catch (error) {
        storeFailed(error);
      }
      if (entry) await deliver(entry);
      else if (!state.storeDown) return;
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

  const pruning = periodicWork(prune, { everyMs: pruneEveryMs });

  async function stop(): Promise<void> {
    dispatch("stop-requested");
    stopSignal.abort();
    const finished = Promise.all([...runners, pruning].map((work) => work.stop())).then(() => true);
    const timedOut = (ms: number) => sleep(ms).then(() => false);
    if (!(await Promise.race([finished, timedOut(stopGraceMs)]))) {
      // A server that stalls is not waited for: the sends are aborted and their mails given back.
      abortSends.abort();
      await Promise.race([finished, timedOut(500)]);
    }
    const unsent = buffer.drain().map((mail) => mail.id);
    if (unsent.length) await write(() => store.release(workerId, unsent, now()));
    dispatch("detached");
    courier.close();
  }

  return {
    /** Looks for due mails now, e.g. right after a mail was queued (once its transaction has committed). */
    kick: wakeAll,
    start() {
      if (state.phase !== "idle") return;
      dispatch("started");
      runners = Array.from({ length: concurrency }, (_, index) =>
        periodicWork(() => deliverDue(index), { everyMs: pollMs }),
      );
      runners.forEach((runner) => runner.start());
      if (prunes) pruning.start();
    },
    /** Stops claiming, lets running sends finish for stopGraceMs, then aborts them; resolves when done. */
    stop: () => (stopped ??= stop()),
  };
}
type OutboxWorker = ReturnType<typeof createOutboxWorker>;

/** Several channels' workers as one: a kick, start or stop reaches each. */
export function combineWorkers(...workers: OutboxWorker[]) {
  return {
    kick: () => workers.forEach((worker) => worker.kick()),
    start: () => workers.forEach((worker) => worker.start()),
    async stop(): Promise<void> {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}
export type Outbox = ReturnType<typeof combineWorkers>;
