// The outbox worker on a real SQLite file and a real SMTP peer (smtp-server on loopback):
// the Message-ID of a resend after a crash, a dead worker's mail taken over, pacing, and a
// stop that gives claimed mails back.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { waitFor } from "../../tests/support/app.ts";
import { holdWriteLock } from "../../tests/support/lock-holder.ts";
import { smtpPeer } from "../../tests/support/smtp-peer.ts";
import { openDatabase, type SqliteDatabase } from "../db/database.ts";
import { isConnectionFailure, messageIdFor } from "./mail.ts";
import {
  createOutbox,
  createPacer,
  initialWorkerState,
  workerReducer,
  type OutboxOptions,
  type WorkerEvent,
} from "./outbox.ts";
import type { OutboxStore } from "./outbox-store.ts";
import { sqliteQueries } from "../db/query.ts";
import { queueEntries } from "./outbox-row.ts";
import { sqlOutboxStore } from "./outbox-sql.ts";

const sqliteOutboxStore = (db: SqliteDatabase) => sqlOutboxStore(sqliteQueries(db));
import { smtpTransport } from "./transport.ts";

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const mail = (n: number) => ({ to: `visitor${n}@example.com`, subject: `Mail ${n}`, text: "t", html: "<p>h</p>" });

async function setUp() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "outbox-")), "site.sqlite");
  const peer = smtpPeer();
  const port = await peer.listening;
  cleanups.push(peer.close);
  const connect = () => {
    const db = openDatabase(file);
    cleanups.push(() => db.close());
    return db;
  };
  const db = connect();
  const worker = (options: Partial<OutboxOptions> & { db?: SqliteDatabase } = {}) => {
    const { db: own = connect(), ...rest } = options;
    const outbox = createOutbox({
      store: sqliteOutboxStore(own),
      transport: smtpTransport(`smtp://127.0.0.1:${port}`),
      from: "Site <no-reply@site.example>",
      domain: "www.site.example",
      ratePerSecond: 1000,
      ...rest,
    });
    cleanups.push(() => outbox.stop());
    return outbox;
  };
  const queue = (count: number) =>
    queueEntries(
      sqliteQueries(db),
      Array.from({ length: count }, (_, i) => ({ entry: mail(i), now: new Date() })),
    );
  const undelivered = () =>
    (db.prepare("SELECT count(*) AS n FROM outbox WHERE delivered_at IS NULL").get() as { n: number }).n;
  return { file, db, peer, port, worker, queue, undelivered };
}

describe("the outbox worker", () => {
  it("resends a mail accepted just before a crash with the same Message-ID", async () => {
    const { db, peer, worker, queue, undelivered } = await setUp();
    await queue(1);
    // The first worker crashes between the server's acceptance and the mark: it never writes it.
    const store = sqliteOutboxStore(db);
    const crashing: OutboxStore = { ...store, markDelivered: () => new Promise(() => {}) };
    const first = worker({ store: crashing, leaseMs: 300 });
    first.start();
    await waitFor(() => peer.received.length === 1);
    const second = worker({ leaseMs: 300, pollMs: 50 });
    second.start();
    await waitFor(() => undelivered() === 0);
    expect(peer.received).toHaveLength(2);
    const [{ id, created_at }] = db.prepare("SELECT id, created_at FROM outbox").all() as {
      id: number;
      created_at: string;
    }[];
    const messageId = messageIdFor(id, new Date(created_at), "www.site.example");
    expect(messageId).toMatch(/^<outbox-\d+\.[0-9a-f]{16}@www\.site\.example>$/);
    expect(peer.received.map((m) => m.messageId)).toEqual([messageId, messageId]);
  });

  it("sends a campaign mail once when its worker crashes after the end, where other mail goes again", async () => {
    const { db, peer, worker, undelivered } = await setUp();
    const store = sqliteOutboxStore(db);
    await store.add({ ...mail(1), priority: "bulk", stream: "newsletter" }, new Date());
    await store.add(mail(2), new Date());
    // The first worker crashes between the server's acceptance and the mark, for both mails.
    const crashing: OutboxStore = { ...store, markDelivered: () => new Promise(() => {}) };
    worker({ store: crashing, leaseMs: 300 }).start();
    await waitFor(() => peer.received.length === 2);
    worker({ leaseMs: 300, pollMs: 50 }).start();
    await waitFor(() => undelivered() === 0);
    // The campaign mail was counted as delivered before its end went: the second worker never claimed it.
    expect(peer.received.map((m) => m.subject).sort()).toEqual(["Mail 1", "Mail 2", "Mail 2"]);
  });

  it("abandons a campaign mail whose lease was taken over while it was on its way: the peer never completes that copy", async () => {
    const { db, peer, worker, undelivered, port } = await setUp();
    await sqliteOutboxStore(db).add({ ...mail(1), priority: "bulk" }, new Date());
    const leaseHolder = () => (db.prepare("SELECT leased_by AS w FROM outbox").get() as { w: string | null }).w;
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const slow = worker({
      workerId: "slow",
      leaseMs: 200,
      // A stalled worker: by the time its mail goes out, its lease has run out and another holds the mail.
      transport: {
        ...transport,
        send: async (...args) => {
          await waitFor(() => leaseHolder() === "fast");
          return transport.send(...args);
        },
      },
    });
    slow.start();
    await waitFor(() => leaseHolder() === "slow");
    worker({ workerId: "fast", leaseMs: 200, pollMs: 50 }).start();
    // A campaign mail is marked delivered when handed over, before the server's answer is recorded
    // (outbox-sql.ts, markHandedOver): wait for the record too, when the fast worker lets the lease go.
    await waitFor(() => undelivered() === 0 && leaseHolder() === null);
    await waitFor(() => peer.received.length >= 1);
    // The slow worker's copy ended without its last line, so the peer discarded it; nothing was recorded for it.
    await slow.stop();
    expect(peer.received).toHaveLength(1);
    expect(db.prepare("SELECT attempts, last_error, leased_by FROM outbox").get()).toEqual({
      attempts: 1,
      last_error: null,
      leased_by: null,
    });
  });

  it("keeps a campaign mail counted as delivered when the server never answers its end", async () => {
    const silentAfterData = smtpPeer(0, { replyDelayMs: 60_000 });
    const port = await silentAfterData.listening;
    cleanups.push(silentAfterData.close);
    const { db, worker } = await setUp();
    const store = sqliteOutboxStore(db);
    await store.add({ ...mail(1), priority: "bulk" }, new Date());
    worker({ transport: smtpTransport(`smtp://127.0.0.1:${port}`, { socketTimeout: 300 }), pollMs: 50 }).start();
    await waitFor(() => db.prepare("SELECT 1 FROM outbox WHERE delivered_at IS NOT NULL AND leased_by IS NULL").get());
    expect(silentAfterData.received).toHaveLength(1);
    // Not due again: no second copy can go.
    expect(await store.claimDue("later", new Date(Date.now() + 3_600_000), 1_000, 10)).toEqual([]);
  });

  it("takes over the mails of a worker that died mid-send once its lease expires", async () => {
    const { db, peer, worker, queue, undelivered } = await setUp();
    await queue(5);
    // A worker claimed them and died: nothing will ever mark them.
    await sqliteOutboxStore(db).claimDue("dead", new Date(), 500, 10);
    const survivor = worker({ pollMs: 50 });
    survivor.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(peer.received).toHaveLength(0);
    await waitFor(() => undelivered() === 0);
    expect(peer.received).toHaveLength(5);
  });

  it("paces itself to ratePerSecond", async () => {
    const { peer, worker, queue } = await setUp();
    await queue(40);
    const outbox = worker({ ratePerSecond: 40 });
    const started = performance.now();
    outbox.start();
    await waitFor(() => peer.received.length === 40);
    const seconds = (performance.now() - started) / 1000;
    // A floor only: how much slower a busy machine is says nothing about the pacing.
    expect(seconds).toBeGreaterThan(0.9);
  });

  it("gives back the mails it claimed and had not started when it stops", async () => {
    const { db, worker, queue } = await setUp();
    await queue(20);
    const outbox = worker({ ratePerSecond: 5, concurrency: 2 });
    outbox.start();
    await waitFor(() => db.prepare("SELECT 1 FROM outbox WHERE leased_by IS NOT NULL").get());
    await outbox.stop();
    expect(db.prepare("SELECT count(*) AS n FROM outbox WHERE leased_by IS NOT NULL").get()).toEqual({ n: 0 });
    // Due at once for the next worker, not after a lease or a back-off.
    const next = await sqliteOutboxStore(db).claimDue("next", new Date(), 1000, 100);
    expect(
      next.length +
        (db.prepare("SELECT count(*) AS n FROM outbox WHERE delivered_at IS NOT NULL").get() as { n: number }).n,
    ).toBe(20);
    expect(next.every((m) => m.attempts === 0)).toBe(true);
  });

  it("sends newsletter mail from newsletterFrom, the rest from from", async () => {
    const { db, peer, worker } = await setUp();
    const store = sqliteOutboxStore(db);
    await store.add({ ...mail(1), stream: "newsletter" }, new Date());
    await store.add(mail(2), new Date());
    worker({ newsletterFrom: "Site News <news@site.example>" }).start();
    await waitFor(() => peer.received.length === 2);
    const fromOf = (n: number) =>
      /^From: (.*)$/m.exec(peer.received.find((m) => m.subject === `Mail ${n}`)!.raw)![1].trim();
    expect([fromOf(1), fromOf(2)]).toEqual(["Site News <news@site.example>", "Site <no-reply@site.example>"]);
  });

  it("tells a server outage from one refused mail", () => {
    expect(isConnectionFailure(Object.assign(new Error("refused"), { code: "ECONNECTION" }))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error("busy"), { code: "EENVELOPE", responseCode: 421 }))).toBe(true);
    expect(
      isConnectionFailure(Object.assign(new Error("no such user"), { code: "EENVELOPE", responseCode: 550 })),
    ).toBe(false);
  });
});

describe("the outbox worker while its database fails", () => {
  it("reports the failure once and the recovery once, probing alone and less and less often meanwhile", async () => {
    const { file, worker, queue, undelivered } = await setUp();
    // Another process holds the write lock; this connection does not wait for it (as the server's).
    const own = openDatabase(file);
    own.exec("PRAGMA busy_timeout = 0");
    cleanups.push(() => own.close());
    const store = sqliteOutboxStore(own);
    const claims: number[] = [];
    const counted: OutboxStore = {
      ...store,
      claimDue: (...args) => (claims.push(performance.now()), store.claimDue(...args)),
    };
    const failures: unknown[] = [];
    let recoveries = 0;
    const holder = await holdWriteLock(file);
    const outbox = worker({
      store: counted,
      pollMs: 10,
      storeRetryMaxMs: 160,
      onStoreError: (error) => failures.push(error),
      onStoreRecovered: () => recoveries++,
    });
    outbox.start();
    await waitFor(() => claims.length >= 8);
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toMatch(/database is locked/);
    // Each wait at least twice the one before, up to the cap (a timer fires late, never early).
    const gaps = claims.slice(1).map((at, i) => at - claims[i]);
    expect(gaps.filter((gap, i) => gap < Math.min(160, 10 * 2 ** (i + 1)) - 1)).toEqual([]);

    await holder.release();
    await waitFor(() => recoveries === 1);
    await queue(3);
    outbox.kick();
    await waitFor(() => undelivered() === 0);
    expect([failures.length, recoveries]).toEqual([1, 1]);
  });
});

describe("the worker's state", () => {
  const run = (...events: WorkerEvent[]) => events.reduce(workerReducer, initialWorkerState);

  it("starts once, and not after a stop", () => {
    expect(run("started")).toEqual({ phase: "running", outage: false, storeDown: false });
    expect(run("started", "stop-requested", "started").phase).toBe("stopping");
    expect(run("stop-requested", "started").phase).toBe("stopping");
    expect(run("started", "stop-requested", "detached").phase).toBe("detached");
  });

  it("is in an outage from a connection failure until the next delivery", () => {
    expect(run("started", "connection-failed").outage).toBe(true);
    expect(run("started", "connection-failed", "connection-failed", "delivered").outage).toBe(false);
  });

  it("has its store down from a failed store call until one works", () => {
    expect(run("started", "store-failed").storeDown).toBe(true);
    expect(run("started", "store-failed", "store-failed").storeDown).toBe(true);
    expect(run("started", "store-failed", "store-worked").storeDown).toBe(false);
    expect(run("started", "store-failed", "delivered").storeDown).toBe(true);
  });

  it("books turns 1/rate apart however many runners ask at once", () => {
    let clock = 1_000;
    const nextTurn = createPacer(4, () => clock);
    expect([nextTurn(), nextTurn(), nextTurn()]).toEqual([0, 250, 500]);
    clock += 1_000;
    expect(nextTurn()).toBe(0);
  });

  it("never gives a negative wait when the clock ticks while a turn is booked", () => {
    // A millisecond passing between two readings gave -1 (Node: TimeoutNegativeWarning at start).
    let clock = 1_000;
    const nextTurn = createPacer(4, () => clock++);
    expect(nextTurn()).toBe(0);
  });
});
