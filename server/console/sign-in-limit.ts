/**
 * Failed sign-ins counted over a window (15 minutes) three ways: per account and address, per
 * address (over every account) and per account (over every address). From the `slowAfter`th
 * failure on any of them each answer waits longer (0.5 s, 1 s, 2 s, 4 s, then 5 s); from the
 * `refuseAfter`th of an account at one address, or of one address in all, sign-in from that
 * address is refused until the window passes, even with the right password. An account's own
 * count only slows: failures from other addresses never lock its owner out.
 * With REDIS_URL the counts live in Redis, so every instance sees the same; without, in this
 * process. A successful sign-in clears the account's counts (not the address's).
 */
import type { Redis } from "ioredis";

export interface FailureCounter {
  /** The failures of each key within the window. */
  counts(keys: string[]): Promise<number[]>;
  /** Adds one failure to each key. */
  add(keys: string[]): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

export function memoryCounter(windowMs: number, now = () => Date.now()): FailureCounter {
  const entries = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.until <= now()) entries.delete(key);
    return entries.get(key);
  };
  return {
    counts: async (keys) => keys.map((key) => live(key)?.n ?? 0),
    async add(keys) {
      for (const key of keys) {
        const entry = live(key);
        if (entry) entry.n += 1;
        else entries.set(key, { n: 1, until: now() + windowMs });
      }
      // Bounded: an attacker cycling addresses cannot grow it without limit.
      if (entries.size > 100_000) for (const key of entries.keys()) if (!live(key)) entries.delete(key);
    },
    clear: async (keys) => void keys.forEach((key) => entries.delete(key)),
  };
}

export function redisCounter(redis: Redis, windowMs: number, prefix = "console-sign-in:"): FailureCounter {
  return {
    async counts(keys) {
      const values = await redis.mget(keys.map((key) => prefix + key));
      return values.map((value) => Number(value ?? 0));
    },
    async add(keys) {
      const batch = redis.multi();
      // The window starts at the first failure: PEXPIRE NX leaves a running window alone.
      for (const key of keys) batch.incr(prefix + key).pexpire(prefix + key, windowMs, "NX");
      await batch.exec();
    },
    clear: async (keys) => void (keys.length && (await redis.del(...keys.map((key) => prefix + key)))),
  };
}

export interface SignInKeys {
  /** Every failure from the address. */
  address: string;
  /** The failures of the account from the address. */
  pair: string;
  /** Every failure of the account. */
  account: string;
}

export const limitKeys = (address: string, email: string): SignInKeys => {
  const account = email.trim().toLowerCase();
  return { address: `address:${address}`, pair: `pair:${account} ${address}`, account: `account:${account}` };
};

export type Verdict = { refused: true } | { refused: false; delayMs: number };
export const maxDelayMs = 5_000;

/**
 * What the counts allow: refused when the address or the account at that address reached
 * `refuseAfter`; else a delay doubling from `slowAfter` on the highest count, up to 5 s.
 */
export function verdict(
  { address, pair, account }: Record<keyof SignInKeys, number>,
  { slowAfter, refuseAfter }: { slowAfter: number; refuseAfter: number },
): Verdict {
  if (address >= refuseAfter || pair >= refuseAfter) return { refused: true };
  const failures = Math.max(address, pair, account);
  if (failures < slowAfter) return { refused: false, delayMs: 0 };
  return { refused: false, delayMs: Math.min(maxDelayMs, 500 * 2 ** Math.min(failures - slowAfter, 16)) };
}
