/**
 * What every OutboxStore must do, as tests that take a store factory: outbox-store.test.ts
 * runs them on SQLite; a PostgreSQL store runs the same with its own factory:
 *
 *   outboxStoreContract("PostgreSQL", async () => { …fresh schema…; return { stores: [a, b], close } });
 *
 * `stores` are two stores on one fresh, empty database through two connections (or pools), as
 * two workers in two instances would have them. Times are given explicitly, whole
 * milliseconds, so any engine that keeps milliseconds passes.
 */
import { describe, expect, it } from "vitest";
import type { OutgoingMail } from "./mail.ts";
import type { ClaimedMail, OutboxStore, OutgoingRequest } from "./outbox-store.ts";

export interface OutboxStoreFixture {
  stores: [OutboxStore, OutboxStore];
  close(): Promise<void> | void;
}

const t0 = new Date("2026-03-02T10:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const mail = (n: number, extra: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to: `visitor${n}@example.com`,
  subject: `Mail ${n}`,
  text: `text ${n}`,
  html: `<p>html ${n}</p>`,
  ...extra,
});

const request = (n: number, extra: Partial<OutgoingRequest> = {}): OutgoingRequest => ({
  channel: "http",
  kind: "webhook",
  url: `https://hooks${n}.example/in`,
  event: "lead.created",
  messageId: `msg_${n}`,
  contentType: "application/json",
  body: JSON.stringify({ n }),
  ...extra,
});

export function outboxStoreContract(engine: string, open: () => Promise<OutboxStoreFixture>) {
  describe(`OutboxStore contract (${engine})`, () => {
    const withStores = (test: (a: OutboxStore, b: OutboxStore) => Promise<void>) => async () => {
      const fixture = await open();
      try {
        await test(...fixture.stores);
      } finally {
        await fixture.close();
      }
    };

    it(
      "gives back what was queued, with its id, attempts and queue time",
      withStores(async (a) => {
        const sent = mail(1, {
          replyTo: "Ann <ann@example.com>",
          headers: { "List-Unsubscribe": "<https://x.example/u>" },
          priority: "high",
        });
        await a.add(sent, t0);
        const [claimed, ...rest] = await a.claimDue("w1", t0, 60_000, 10);
        expect(rest).toEqual([]);
        expect(claimed).toEqual({ ...sent, id: expect.any(Number), attempts: 0, createdAt: t0 });
      }),
    );

    it(
      "leases a due mail to one worker: the other gets nothing while the lease runs",
      withStores(async (a, b) => {
        for (let i = 0; i < 3; i++) await a.add(mail(i), t0);
        expect(await a.claimDue("w1", at(5), 1_000, 10)).toHaveLength(3);
        expect(await b.claimDue("w2", at(6), 1_000, 10)).toEqual([]);
        expect(await a.claimDue("w1", at(7), 1_000, 10)).toEqual([]);
        // Not due before its time either.
        await a.add(mail(9), at(100));
        expect(await b.claimDue("w2", at(99), 1_000, 10)).toEqual([]);
      }),
    );

    it(
      "never gives one mail to two workers claiming at the same time",
      withStores(async (a, b) => {
        const count = 300;
        for (let i = 0; i < count; i++) await a.add(mail(i), t0);
        // Both workers claim in rounds, each round at the same time, so each gets a share
        // however the machine schedules them (one free-running worker could drain the queue first).
        const one: number[] = [];
        const two: number[] = [];
        for (;;) {
          const [fromA, fromB] = await Promise.all([
            a.claimDue("w1", at(1), 60_000, 7),
            b.claimDue("w2", at(1), 60_000, 7),
          ]);
          if (fromA.length === 0 && fromB.length === 0) break;
          one.push(...fromA.map((m) => m.id));
          two.push(...fromB.map((m) => m.id));
        }
        expect(one.length).toBeGreaterThan(0);
        expect(two.length).toBeGreaterThan(0);
        expect(new Set([...one, ...two]).size).toBe(count);
        expect(one.length + two.length).toBe(count);
      }),
    );

    it(
      "lets another worker take a mail over once the lease has expired, and ignores the first worker's late failure",
      withStores(async (a, b) => {
        await a.add(mail(1), t0);
        const [first] = await a.claimDue("dead", t0, 1_000, 10);
        expect(await b.claimDue("w2", at(999), 1_000, 10)).toEqual([]);
        const [taken] = await b.claimDue("w2", at(1_000), 1_000, 10);
        expect(taken.id).toBe(first.id);
        // The first worker comes back and reports a failure: w2's lease stands.
        await a.markFailed(first.id, "dead", at(1_001), "ETIMEDOUT");
        expect(await a.claimDue("w3", at(1_500), 1_000, 10)).toEqual([]);
        await b.markDelivered(taken.id, at(1_600));
        expect(await a.claimDue("w3", at(10_000), 1_000, 10)).toEqual([]);
      }),
    );

    it(
      "hands a mail over only to the lease holder; a hand-over is never claimed again unless a refusal undoes it",
      withStores(async (a, b) => {
        await a.add(mail(1), t0);
        await a.add(mail(2), t0);
        const [first, second] = await a.claimDue("w1", t0, 1_000, 10);
        // The lease ran out and w2 took the first over: w1 must not send it.
        const [taken] = await b.claimDue("w2", at(1_000), 1_000, 1);
        expect(taken.id).toBe(first.id);
        expect(await a.markHandedOver(first.id, "w1", at(1_001))).toBe(false);
        expect(await b.markHandedOver(taken.id, "w2", at(1_001))).toBe(true);
        // Counted as delivered at once, however long the answer takes and whoever looks.
        expect(await a.markHandedOver(taken.id, "w2", at(1_002))).toBe(false);
        expect(await a.claimDue("w3", at(60_000), 1_000, 10)).toEqual([expect.objectContaining({ id: second.id })]);
        await b.markDelivered(taken.id, at(1_003));

        // w3 now holds the second; the server refuses it after the hand-over: due again at the retry.
        expect(await a.markHandedOver(second.id, "w3", at(60_001))).toBe(true);
        await a.markFailed(second.id, "w3", at(120_000), "451 try later");
        expect(await b.claimDue("w4", at(119_999), 1_000, 10)).toEqual([]);
        const [again] = await b.claimDue("w4", at(120_000), 1_000, 10);
        expect(again).toMatchObject({ id: second.id, attempts: 1 });
        expect(await b.markHandedOver(again.id, "w4", at(120_001))).toBe(true);
        await b.markGivenUp(again.id, "w4", at(120_002), "550 no such user");
        expect((await b.backlog()).find((row) => row.kind === "mail")).toMatchObject({ open: 0, givenUp: 1 });
      }),
    );

    it(
      "claims high priority first, then the earliest due",
      withStores(async (a) => {
        await a.add(mail(1), at(0));
        await a.add(mail(2), at(1));
        await a.add(mail(3, { priority: "high" }), at(2));
        await a.add(mail(4), at(3));
        await a.add(mail(5, { priority: "high" }), at(4));
        const [top] = (await a.claimDue("w1", at(10), 60_000, 1)) as ClaimedMail[];
        expect(top.subject).toBe("Mail 3");
        const rest = (await a.claimDue("w1", at(10), 60_000, 10)) as ClaimedMail[];
        expect(rest.map((m) => m.subject)).toEqual(["Mail 5", "Mail 1", "Mail 2", "Mail 4"]);
        expect(rest[0].priority).toBe("high");
      }),
    );

    it(
      "claims a proven visitor's mail after high priority and ahead of every normal one queued before it",
      withStores(async (a) => {
        for (let n = 1; n <= 16; n++) await a.add(mail(n), at(n));
        await a.add(mail(17, { priority: "proven" }), at(17));
        await a.add(mail(18, { priority: "high" }), at(18));
        const claimed = (await a.claimDue("w1", at(100), 60_000, 3)) as ClaimedMail[];
        expect(claimed.map((m) => [m.subject, m.priority])).toEqual([
          ["Mail 18", "high"],
          ["Mail 17", "proven"],
          ["Mail 1", "normal"],
        ]);
      }),
    );

    it(
      "after a failure: attempts counted, due again at the retry time, not before",
      withStores(async (a, b) => {
        await a.add(mail(1), t0);
        const [claimed] = await a.claimDue("w1", t0, 60_000, 10);
        await a.markFailed(claimed.id, "w1", at(5_000), "ECONNREFUSED");
        expect(await b.claimDue("w2", at(4_999), 60_000, 10)).toEqual([]);
        const [again] = await b.claimDue("w2", at(5_000), 60_000, 10);
        expect(again).toMatchObject({ id: claimed.id, attempts: 1 });
      }),
    );

    it(
      "release gives a mail back at once without counting an attempt",
      withStores(async (a, b) => {
        await a.add(mail(1), t0);
        await a.add(mail(2), t0);
        const claimed = await a.claimDue("w1", t0, 60_000, 10);
        await b.release("someone-else", [claimed[0].id], at(1));
        expect(await b.claimDue("w2", at(2), 60_000, 10)).toEqual([]);
        await a.release(
          "w1",
          claimed.map((m) => m.id),
          at(1),
        );
        const again = await b.claimDue("w2", at(2), 60_000, 10);
        expect(again.map((m) => [m.id, m.attempts])).toEqual(claimed.map((m) => [m.id, 0]));
      }),
    );

    it(
      "retryNow makes waiting retries due, not leased or delivered mails",
      withStores(async (a, b) => {
        for (let i = 0; i < 4; i++) await a.add(mail(i), t0);
        const [m0, m1, m2, m3] = await a.claimDue("w1", t0, 60_000, 10);
        await a.markFailed(m0.id, "w1", at(3_600_000), "ETIMEDOUT");
        await a.markFailed(m1.id, "w1", at(120_000), "ETIMEDOUT");
        await a.markDelivered(m2.id, at(1));
        // m3 stays leased by w1.
        expect(await b.retryNow(at(10))).toBe(2);
        const due = await b.claimDue("w2", at(10), 60_000, 10);
        expect(due.map((m) => m.id).sort((x, y) => x - y)).toEqual([m0.id, m1.id].sort((x, y) => x - y));
        expect(due.every((m) => m.id !== m3.id)).toBe(true);
      }),
    );

    it(
      "prunes delivered mails older than the cut-off, in bounded steps, and nothing else",
      withStores(async (a, b) => {
        for (let i = 0; i < 5; i++) await a.add(mail(i), t0);
        const claimed = await a.claimDue("w1", t0, 60_000, 10);
        for (const [i, m] of claimed.slice(0, 3).entries()) await a.markDelivered(m.id, at(i * 1000));
        await a.markDelivered(claimed[3].id, at(10_000));
        await a.markFailed(claimed[4].id, "w1", at(1), "ECONNREFUSED");
        expect(await b.pruneDelivered(at(5_000), 2)).toBe(2);
        expect(await b.pruneDelivered(at(5_000), 2)).toBe(1);
        expect(await b.pruneDelivered(at(5_000), 2)).toBe(0);
        // The recent delivery and the undelivered mail are still there.
        expect(await b.pruneDelivered(at(20_000), 10)).toBe(1);
        expect((await b.claimDue("w2", at(20_000), 60_000, 10)).map((m) => m.id)).toEqual([claimed[4].id]);
      }),
    );
    it(
      "keeps requests and mails apart: each channel's claim and back-off reset see only their own rows",
      withStores(async (a, b) => {
        await a.add(mail(1), t0, "lead:1");
        await a.add(request(1), t0, "lead:1");
        const [claimedMail, ...noMore] = await a.claimDue("w1", t0, 60_000, 10);
        expect(noMore).toEqual([]);
        expect(claimedMail).toMatchObject({ subject: "Mail 1" });
        const [claimedRequest] = await b.claimDue("w2", t0, 60_000, 10, "http");
        expect(claimedRequest).toEqual({ ...request(1), id: expect.any(Number), attempts: 0, createdAt: t0 });
        await b.markFailed(claimedRequest.id, "w2", at(60_000), "HTTP 500");
        expect(await a.retryNow(at(1))).toBe(0);
        expect(await a.retryNow(at(1), "http")).toBe(1);
        const [again] = await a.claimDue("w1", at(2), 60_000, 10, "http");
        expect(again).toMatchObject({ id: claimedRequest.id, attempts: 1, messageId: "msg_1" });
      }),
    );

    it(
      "a given-up request is never claimed again, and its state says why",
      withStores(async (a, b) => {
        await a.add(request(1), t0, "lead:7");
        await a.add(request(2), t0, "lead:7");
        await a.add(mail(3), t0, "lead:8");
        const [first, second] = await a.claimDue("w1", t0, 60_000, 10, "http");
        await b.markGivenUp(first.id, "someone-else", at(1), "HTTP 400");
        await a.markGivenUp(first.id, "w1", at(1), "HTTP 400");
        await a.markDelivered(second.id, at(2));
        expect(await b.claimDue("w2", at(120_000), 60_000, 10, "http")).toEqual([]);
        expect(await b.deliveries(["lead:7", "lead:9"])).toEqual([
          {
            id: first.id,
            ref: "lead:7",
            channel: "http",
            target: "https://hooks1.example/in",
            what: "lead.created",
            state: "given up",
            attempts: 1,
            lastError: "HTTP 400",
            queuedAt: t0.toISOString(),
            doneAt: at(1).toISOString(),
            nextAttemptAt: null,
          },
          expect.objectContaining({ id: second.id, state: "delivered", attempts: 1, doneAt: at(2).toISOString() }),
        ]);
        expect(await b.deliveries(["lead:8"])).toEqual([
          expect.objectContaining({
            channel: "mail",
            target: "visitor3@example.com",
            what: "Mail 3",
            state: "queued",
            doneAt: null,
          }),
        ]);
        // Pruned like a delivered row once past the cut-off.
        expect(await b.pruneDelivered(at(10), 10)).toBe(2);
        expect(await b.deliveries(["lead:7"])).toEqual([]);
      }),
    );

    it(
      "addOnce queues one row per key, whichever store asks and however often",
      withStores(async (a, b) => {
        const results = await Promise.all([
          a.addOnce(mail(1), t0, "digest:2026-W10"),
          b.addOnce(mail(1), t0, "digest:2026-W10"),
        ]);
        expect(results.sort()).toEqual([false, true]);
        expect(await a.addOnce(mail(1), at(1), "digest:2026-W10")).toBe(false);
        expect(await a.addOnce(mail(2), at(1), "digest:2026-W11")).toBe(true);
        const claimed = (await b.claimDue("w2", at(2), 60_000, 10)) as ClaimedMail[];
        expect(claimed.map((m) => m.subject)).toEqual(["Mail 1", "Mail 2"]);
      }),
    );

    it(
      "counts the backlog per kind: open, retrying, the oldest open entry, given up; delivered rows leave it",
      withStores(async (a, b) => {
        expect(await a.backlog()).toEqual([]);
        await a.addOnce(mail(1), t0, "m1");
        await a.addOnce(mail(2), at(5), "m2");
        await a.addOnce(request(1), at(1), "w1");
        await a.addOnce(request(2, { kind: "form", event: "crm.lead" }), at(2), "c1");
        await a.addOnce(request(3, { kind: "form", event: "crm.lead" }), at(3), "c2");
        const [first] = await b.claimDue("w", at(10), 60_000, 1);
        await b.markFailed(first.id, "w", at(20), "ECONNREFUSED");
        const requests = await b.claimDue("w", at(10), 60_000, 10, "http");
        const crm = requests.filter((r) => (r as OutgoingRequest).kind === "form");
        await b.markGivenUp(crm[0].id, "w", at(11), "HTTP 400");
        await b.markDelivered(requests.find((r) => (r as OutgoingRequest).kind === "webhook")!.id, at(11));
        const byKind = Object.fromEntries((await a.backlog()).map(({ kind, ...rest }) => [kind, rest]));
        expect(byKind).toEqual({
          mail: { open: 2, retrying: 1, oldestQueuedAt: t0, givenUp: 0 },
          crm: { open: 1, retrying: 0, oldestQueuedAt: at(3), givenUp: 1 },
        });
      }),
    );
  });
}
