/**
 * Failed sign-ins counted per client address and per account over a window (15 minutes):
 * from the `slowAfter`th failure each answer waits longer (0.5 s, 1 s, 2 s, up to 5 s), from
 * the `refuseAfter`th sign-in is refused until the window passes, even with the right password.
 * With REDIS_URL the counts live in Redis, so every instance sees the same; without, in this
 * process. A successful sign-in clears the account's count (not the address's).
 */
import type { Redis } from "ioredis";

export interface FailureCounter {
  /** The failures of each key within the window. */
  counts(keys: string[]): Promise<number[]>;
  /** Adds one failure to each key. */
  add(keys: string[]): Promise<void>;
  clear(key: string): Promise<void>;
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
    clear: async (key) => void entries.delete(key),
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
    clear: async (key) => void (await redis.del(prefix + key)),
  };
}

export type Verdict = { refused: true } | { refused: false; delayMs: number };

/** What the counts allow: refused at `refuseAfter`, else a delay doubling from `slowAfter`. */
export function verdict(failures: number, { slowAfter, refuseAfter }: { slowAfter: number; refuseAfter: number }): Verdict {
  if (failures >= refuseAfter) return { refused: true };
  if (failures < slowAfter) return { refused: false, delayMs: 0 };
  return { refused: false, delayMs: Math.min(5_000, 500 * 2 ** (failures - slowAfter)) };
}

export const limitKeys = (address: string, email: string) => [`address:${address}`, `account:${email.trim().toLowerCase()}`];
