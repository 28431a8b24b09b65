import { describe, expect, it } from "vitest";
import { busy, passwordGate } from "./password-gate.ts";

/** A check that ends when the test says so. */
function heldCheck() {
  let finish!: () => void;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  let started = false;
  return {
    check: async () => {
      started = true;
      await ended;
      return "checked";
    },
    finish: () => finish(),
    started: () => started,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the password check gate", () => {
  it("runs `atOnce` checks, lets `waiting` more wait their turn in order, and is busy past that", async () => {
    const gate = passwordGate({ atOnce: 2, waiting: 2 });
    const checks = Array.from({ length: 4 }, heldCheck);
    const answers = checks.map(({ check }) => gate.run(check));
    await settle();
    expect(checks.map((c) => c.started())).toEqual([true, true, false, false]);
    expect(await gate.run(async () => "never")).toBe(busy);

    checks[1].finish();
    await settle();
    expect(checks.map((c) => c.started())).toEqual([true, true, true, false]);
    checks[0].finish();
    await settle();
    expect(checks[3].started()).toBe(true);
    checks[2].finish();
    checks[3].finish();
    expect(await Promise.all(answers)).toEqual(Array(4).fill("checked"));
  });

  it("frees its place when a check fails, and is not busy once the queue drains", async () => {
    const gate = passwordGate({ atOnce: 1, waiting: 0 });
    await expect(gate.run(() => Promise.reject(new Error("scrypt failed")))).rejects.toThrow("scrypt failed");
    expect(await gate.run(async () => "checked")).toBe("checked");
  });
});
