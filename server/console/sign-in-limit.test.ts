import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRedis, type Service } from "../../tests/support/services.ts";
import { limitKeys, memoryCounter, redisCounter, verdict, type AttemptCounter } from "./sign-in-limit.ts";

describe("failed sign-in limit", () => {
  const limits = { slowAfter: 3, refuseAfter: 10 };
  const counts = (address: number, pair: number, account: number) => ({ address, pair, account });

  it("lets the first failures through at once, then slows each answer more, then refuses that address", () => {
    expect([0, 1, 2].map((n) => verdict(counts(n, n, n), limits))).toEqual(
      Array(3).fill({ refused: false, delayMs: 0 }),
    );
    expect([3, 4, 5, 6, 9].map((n) => verdict(counts(n, n, n), limits))).toEqual(
      [500, 1000, 2000, 4000, 5000].map((delayMs) => ({ refused: false, delayMs })),
    );
    // Refused per account and address, and per address over every account.
    expect(verdict(counts(10, 10, 10), limits)).toEqual({ refused: true });
    expect(verdict(counts(10, 0, 0), limits)).toEqual({ refused: true });
    expect(verdict(counts(0, 10, 0), limits)).toEqual({ refused: true });
  });

  it("only slows an account others failed on: its owner at an address that did not fail is never refused", () => {
    expect(verdict(counts(0, 0, 10), limits)).toEqual({ refused: false, delayMs: 5000 });
    expect(verdict(counts(0, 0, 1_000_000), limits)).toEqual({ refused: false, delayMs: 5000 });
    expect(verdict(counts(2, 2, 3), limits)).toEqual({ refused: false, delayMs: 500 });
  });

  it("counts per key within the window, gives back, and a cleared key starts again", async () => {
    let now = 0;
    const counter = memoryCounter(1000, () => now);
    const keys = limitKeys("192.0.2.1", " Ann@Example.com ");
    expect(keys).toEqual({
      address: "address:192.0.2.1",
      pair: "pair:ann@example.com 192.0.2.1",
      account: "account:ann@example.com",
    });
    await sharedCounterRules(counter, () => (now = 1000));
  });
});

/** What both counters do: numbered reservations even at once, give-backs that never go below 0. */
async function sharedCounterRules(counter: AttemptCounter, passWindow: () => unknown | Promise<unknown>) {
  const all = ["address:x", "pair:a x", "account:a"];
  expect(await counter.reserve(all)).toEqual([1, 1, 1]);
  const together = await Promise.all(Array.from({ length: 20 }, () => counter.reserve(all)));
  // Each reservation got its own number: 2 to 21, none twice.
  expect(together.map(([n]) => n).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
  expect(await counter.reserve(["address:x"])).toEqual([22]);
  await counter.giveBack(["address:x", "pair:a x"]);
  await counter.clear(["account:a"]);
  expect(await counter.reserve(all)).toEqual([22, 21, 1]);
  await passWindow();
  // A give-back after the window leaves nothing behind: the next attempt is the first again.
  await counter.giveBack(all);
  expect(await counter.reserve(all)).toEqual([1, 1, 1]);
}

describe("the attempt counts in Redis", () => {
  let redis: Service;
  let client: Redis;
  beforeAll(async () => {
    redis = await testRedis();
    client = new Redis(redis.url);
  }, 60_000);
  afterAll(async () => {
    client?.disconnect();
    await redis?.stop();
  });

  it("reserve at once from two clients with their own numbers, give back, clear, and expire with the window", async () => {
    const other = new Redis(redis.url);
    try {
      const one = redisCounter(client, 60_000, "t1:");
      const two = redisCounter(other, 60_000, "t1:");
      const both: AttemptCounter = {
        reserve: (keys) => (Math.random() < 0.5 ? one : two).reserve(keys),
        giveBack: (keys) => two.giveBack(keys),
        clear: (keys) => one.clear(keys),
      };
      // The window passes: the keys expire as Redis would at the window's end.
      await sharedCounterRules(both, () => client.del("t1:address:x", "t1:pair:a x", "t1:account:a"));
      expect(await client.pttl("t1:address:x")).toBeGreaterThan(0);
      expect(await client.pttl("t1:address:x")).toBeLessThanOrEqual(60_000);
    } finally {
      other.disconnect();
    }
  });
});
