import { describe, expect, it } from "vitest";
import { limitKeys, memoryCounter, verdict } from "./sign-in-limit.ts";

describe("failed sign-in limit", () => {
  const limits = { slowAfter: 3, refuseAfter: 10 };

  it("lets the first failures through at once, then slows each answer more, then refuses", () => {
    expect([0, 1, 2].map((n) => verdict(n, limits))).toEqual(Array(3).fill({ refused: false, delayMs: 0 }));
    expect([3, 4, 5, 9].map((n) => verdict(n, limits))).toEqual([500, 1000, 2000, 5000].map((delayMs) => ({ refused: false, delayMs })));
    expect(verdict(10, limits)).toEqual({ refused: true });
  });

  it("counts per key within the window, and a cleared key starts again", async () => {
    let now = 0;
    const counter = memoryCounter(1000, () => now);
    const keys = limitKeys("192.0.2.1", " Ann@Example.com ");
    expect(keys).toEqual(["address:192.0.2.1", "account:ann@example.com"]);
    await counter.add(keys);
    await counter.add(keys);
    await counter.add(["address:192.0.2.1"]);
    expect(await counter.counts(keys)).toEqual([3, 2]);
    await counter.clear(keys[1]);
    expect(await counter.counts(keys)).toEqual([3, 0]);
    now = 1000;
    expect(await counter.counts(keys)).toEqual([0, 0]);
  });
});
