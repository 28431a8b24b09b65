import { describe, expect, it } from "vitest";
import { limitKeys, memoryCounter, verdict } from "./sign-in-limit.ts";

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

  it("counts per key within the window, and a cleared key starts again", async () => {
    let now = 0;
    const counter = memoryCounter(1000, () => now);
    const keys = limitKeys("192.0.2.1", " Ann@Example.com ");
    expect(keys).toEqual({
      address: "address:192.0.2.1",
      pair: "pair:ann@example.com 192.0.2.1",
      account: "account:ann@example.com",
    });
    const all = [keys.address, keys.pair, keys.account];
    await counter.add(all);
    await counter.add(all);
    await counter.add([keys.address]);
    expect(await counter.counts(all)).toEqual([3, 2, 2]);
    await counter.clear([keys.pair, keys.account]);
    expect(await counter.counts(all)).toEqual([3, 0, 0]);
    now = 1000;
    expect(await counter.counts(all)).toEqual([0, 0, 0]);
  });
});
