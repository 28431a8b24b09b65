/**
 * When a newsletter sign-up must pass the proof-of-work challenge (challenge.ts): only while
 * the confirmation mail budget is under pressure — a share of its hourly budget, in all or to
 * the sign-up's domain, went out in the last hour, or confirmations already wait — or while
 * the sign-up's network (an IPv4 /24, an IPv6 /56: one household, office or hosting block)
 * sent more sign-ups this hour than SIGNUPS_PER_NETWORK_PER_HOUR. Normal visitors never see it.
 */
import { isIPv4, isIPv6 } from "node:net";
import type { Redis } from "ioredis";
import type { ConfirmationLimits, ConfirmationLoad } from "./store.ts";

export interface ChallengeSettings {
  /** Challenge every sign-up once this percentage of an hourly budget is spent (CHALLENGE_FROM_BUDGET_PERCENT; 0: always). */
  budgetPercent: number;
  /** Sign-ups a network may send an hour before its sign-ups are challenged (SIGNUPS_PER_NETWORK_PER_HOUR). */
  signupsPerNetworkPerHour: number;
  /** Questions a network may send an hour before its questions are challenged (QUESTIONS_PER_NETWORK_PER_HOUR). */
  questionsPerNetworkPerHour: number;
  /** The challenge's highest secret number (CHALLENGE_MAX_NUMBER): a browser tries half of it on average. */
  maxNumber: number;
}

export const defaultChallengeSettings: ChallengeSettings = {
  budgetPercent: 50,
  signupsPerNetworkPerHour: 10,
  questionsPerNetworkPerHour: 20,
  maxNumber: 100_000,
};

export type ChallengeReason = "budget" | "domain budget" | "waiting" | "network";

/** Why a question must be challenged: only its network's count (its mail goes to sales, no budget). */
export const questionChallengeReason = (
  networkQuestions: number,
  settings: ChallengeSettings,
): ChallengeReason | undefined => (networkQuestions > settings.questionsPerNetworkPerHour ? "network" : undefined);

/** Why this sign-up must be challenged, or undefined when it need not be. */
export function challengeReason(
  load: ConfirmationLoad,
  networkSignups: number,
  limits: ConfirmationLimits,
  settings: ChallengeSettings,
): ChallengeReason | undefined {
  const share = settings.budgetPercent / 100;
  if (load.waiting > 0) return "waiting";
  if (load.allLastHour >= limits.perHour * share) return "budget";
  if (load.domainLastHour >= limits.perDomainPerHour * share) return "domain budget";
  if (networkSignups > settings.signupsPerNetworkPerHour) return "network";
  return undefined;
}

/** The network an address belongs to for the per-network count: `203.0.113.0/24`, `2001:db8:0:ab00::/56`. */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const v4 = mapped ?? address;
  if (isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address.split("%")[0]);
  return `${groups[0].toString(16)}:${groups[1].toString(16)}:${groups[2].toString(16)}:${(groups[3] & 0xff00).toString(16)}::/56`;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = tail
    ? `${address.slice(0, tail.index)}${((+tail[1] << 8) | +tail[2]).toString(16)}:${((+tail[3] << 8) | +tail[4]).toString(16)}`
    : address;
  const [head, rest] = text.split("::");
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(rest);
  return rest === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** Counts sign-ups per network in the current window (one clock hour); `add` counts one and gives the count. */
interface NetworkCounter {
  add(network: string, now: Date): Promise<number>;
}

const hourMs = 60 * 60 * 1000;

/** In this process: each instance counts its own (as the rate limits do without REDIS_URL). */
export function memoryNetworkCounter(windowMs = hourMs, maxNetworks = 100_000): NetworkCounter {
  let window = -1;
  const counts = new Map<string, number>();
  return {
    async add(network, now) {
      const current = Math.floor(now.getTime() / windowMs);
      // A new window, or more networks than memory should hold (an IPv6 sweep): start over.
      if (current !== window || counts.size >= maxNetworks) {
        window = current;
        counts.clear();
      }
      const n = (counts.get(network) ?? 0) + 1;
      counts.set(network, n);
      return n;
    },
  };
}

/** In Redis (REDIS_URL): one count for every instance; while Redis is away, this process counts. `what` names the count. */
export function redisNetworkCounter(redis: Redis, what: string, windowMs = hourMs): NetworkCounter {
  const fallback = memoryNetworkCounter(windowMs);
  return {
    async add(network, now) {
      const key = `challenge-network:${what}:${Math.floor(now.getTime() / windowMs)}:${network}`;
      try {
        const replies = await redis.multi().incr(key).pexpire(key, windowMs).exec();
        const count = replies?.[0]?.[1];
        if (typeof count === "number") return count;
      } catch {
        // Counted here instead: a missing Redis must not stop sign-ups.
      }
      return fallback.add(network, now);
    },
  };
}
