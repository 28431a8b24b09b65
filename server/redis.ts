/**
 * Redis for the per-IP rate limits several instances count together. Connected at start-up, so an
 * unreachable Redis stops the start; later a command fails at once while it is away (no offline queue),
 * so a rate-limited endpoint answers an error rather than wait or let a request through uncounted.
 */
import { Redis } from "ioredis";
import { StartupError } from "./startup-error.ts";

/** The Redis URL without its password, for messages. */
export function describeRedis(url: string): string {
  try {
    const parsed = new URL(url);
    return `Redis ${parsed.hostname}:${parsed.port || 6379}`;
  } catch {
    return "Redis (REDIS_URL)";
  }
}

export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    // Keep trying to come back, at most every 2 s; the commands in between fail fast.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  // Errors reach the commands that fail; the client itself must not crash the process.
  let lastError: (Error & { code?: string }) | undefined;
  redis.on("error", (error: Error) => (lastError = error));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const cause = lastError ?? (error as Error & { code?: string });
    const reason = cause.code ?? cause.message;
    throw new StartupError(
      `Cannot reach ${describeRedis(url)} at REDIS_URL (${reason}): start Redis, fix REDIS_URL, or unset it to count rate limits per process.`,
    );
  }
  return redis;
}
