// When a sign-up is challenged: the budget's load, waiting confirmations, and the sign-ups of its network.
import { describe, expect, it } from "vitest";
import { challengeReason, defaultChallengeSettings as settings, memoryNetworkCounter, networkOf } from "./challenge.ts";
import { defaultConfirmationLimits as limits } from "./store.ts";

const calm = { allLastHour: 0, domainLastHour: 0, waiting: 0 };

describe("challengeReason", () => {
  it("asks nothing of a normal sign-up", () => {
    expect(challengeReason({ allLastHour: 149, domainLastHour: 29, waiting: 0 }, 10, limits, settings)).toBeUndefined();
  });
  it("asks once half of a budget went out in the last hour, or confirmations wait", () => {
    expect(challengeReason({ ...calm, allLastHour: 150 }, 1, limits, settings)).toBe("budget");
    expect(challengeReason({ ...calm, domainLastHour: 30 }, 1, limits, settings)).toBe("domain budget");
    expect(challengeReason({ ...calm, waiting: 1 }, 1, limits, settings)).toBe("waiting");
  });
  it("asks a network past its sign-ups of the hour", () => {
    expect(challengeReason(calm, 11, limits, settings)).toBe("network");
  });
  it("asks always at 0 percent", () => {
    expect(challengeReason(calm, 1, limits, { ...settings, budgetPercent: 0 })).toBe("budget");
  });
});

describe("networkOf", () => {
  it("is the /24 of an IPv4 address, also IPv4-mapped", () => {
    expect(networkOf("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:203.0.113.77")).toBe("203.0.113.0/24");
  });
  it("is the /56 of an IPv6 address", () => {
    expect(networkOf("2001:db8:1:2345::1")).toBe("2001:db8:1:2300::/56");
    expect(networkOf("2001:db8:1:23ff:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2300::/56");
    expect(networkOf("::1")).toBe("0:0:0:0::/56");
    expect(networkOf("fe80::1%eth0")).toBe("fe80:0:0:0::/56");
  });
});

describe("memoryNetworkCounter", () => {
  it("counts per network within the hour, from zero in the next", async () => {
    const counter = memoryNetworkCounter();
    const at = new Date("2026-03-02T10:10:00Z");
    expect(await counter.add("a", at)).toBe(1);
    expect(await counter.add("a", at)).toBe(2);
    expect(await counter.add("b", at)).toBe(1);
    expect(await counter.add("a", new Date("2026-03-02T11:00:00Z"))).toBe(1);
  });
});
