/**
 * Sign-in attempts counted over a window per account and address, per address and per account (in Redis with
 * REDIS_URL, so every instance sees the same). An attempt is reserved before its password is checked, in one
 * atomic increment, so however many arrive at once only the first `refuseAfter` are checked, the rest refused,
 * even with the right password, until the window passes. An account's own count only slows: attempts from other
 * addresses never lock its owner out. What proves no failure is given back.
 */
import type { Redis } from "ioredis";

export interface AttemptCounter {
  /** Adds one attempt to each key at once; each key's count with it (this attempt included). */
  reserve(keys: string[]): Promise<number[]>;
  /** Takes one attempt back from each key that still counts one. */
  giveBack(keys: string[]): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

export function memoryCounter(windowMs: number, now = () => Date.now()): AttemptCounter {
  const entries = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.until <= now()) entries.delete(key);
    return entries.get(key);
  };
  return {
    // No await inside: the whole increment runs before any other request's, so it is atomic here.
    async reserve(keys) {
      const counts = keys.map((key) => {
        const entry = live(key);
        if (entry) return ++entry.n;
        entries.set(key, { n: 1, until: now() + windowMs });
        return 1;
      });
      // Bounded: an attacker cycling addresses cannot grow it without limit.
      if (entries.size > 100_000) for (const key of entries.keys()) if (!live(key)) entries.delete(key);
      return counts;
    },
    async giveBack(keys) {
      for (const key of keys) {
        const entry = live(key);
        if (entry && entry.n > 0) entry.n -= 1;
      }
    },
    clear: async (keys) => void keys.forEach((key) => entries.delete(key)),
  };
}

// DECR only a key that still counts: a DECR of an expired key would make one at -1 that never expires.
const giveBackScript = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0`;

export function redisCounter(redis: Redis, windowMs: number, prefix = "console-sign-in:"): AttemptCounter {
  return {
    async reserve(keys) {
      const batch = redis.multi();
      // The window starts at the first attempt: PEXPIRE NX leaves a running window alone.
      for (const key of keys) batch.incr(prefix + key).pexpire(prefix + key, windowMs, "NX");
      const results = (await batch.exec()) ?? [];
      const failed = results.find(([error]) => error)?.[0];
      if (failed || results.length !== keys.length * 2) throw failed ?? new Error("Redis did not run the increment.");
      return keys.map((_, i) => Number(results[i * 2][1]));
    },
    async giveBack(keys) {
      if (keys.length) await redis.eval(giveBackScript, keys.length, ...keys.map((key) => prefix + key));
    },
    clear: async (keys) => void (keys.length && (await redis.del(...keys.map((key) => prefix + key)))),
  };
}

/** The counts of an attempt: every failure of the address, of the account from it (`pair`), of the account. */
export const limitKeys = (address: string, email: string) => {
  const account = email.trim().toLowerCase();
  return { address: `address:${address}`, pair: `pair:${account} ${address}`, account: `account:${account}` };
};

export type Verdict = { refused: true } | { refused: false; delayMs: number };
export const maxDelayMs = 5_000;

/** Refused when the address or the pair reached `refuseAfter`; else a delay doubling from `slowAfter`, up to 5 s. */
export function verdict(
  { address, pair, account }: Record<keyof ReturnType<typeof limitKeys>, number>,
  { slowAfter, refuseAfter }: { slowAfter: number; refuseAfter: number },
): Verdict {
  if (address >= refuseAfter || pair >= refuseAfter) return { refused: true };
  const failures = Math.max(address, pair, account);
  if (failures < slowAfter) return { refused: false, delayMs: 0 };
  return { refused: false, delayMs: Math.min(maxDelayMs, 500 * 2 ** Math.min(failures - slowAfter, 16)) };
}
