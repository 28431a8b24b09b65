/**
 * GET /healthz, the readiness check: ok only when this instance can take a lead now. Each
 * check answers "ok" or "error: <why>" within two seconds:
 * - database: a write probe (the write lock taken, then rolled back: no fsync), so a lock held
 *   by another process, a read-only PostgreSQL or one that does not answer fails it;
 * - file (SQLite): the database file at the path is still the one the server writes;
 * - disk (when DATA_DIR is written: SQLite, or mail as .eml files): at least MIN_FREE_DISK_MB
 *   free, and a small file can be written (not a disk turned read-only);
 * - outbox (mail as .eml files): a small file can be written in its folder;
 * - redis (with REDIS_URL): it answers a PING.
 * 503 with `"status":"unavailable"` when one fails, so a load balancer sends no visitor to an
 * instance that would answer their lead with an error.
 * A published content key whose pages do not render (server/content/plugin.ts) is no reason to take
 * the instance out: it takes leads and serves every page, that key's with its last good text. So
 * the answer stays 200, with `"status":"degraded"` and a `content` entry naming the keys, present
 * only while one fails.
 */
import { statfsSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { describeDatabaseError } from "./db/errors.ts";

/** "ok", or why not ("error: SQLITE_BUSY", "error: timeout") within `timeoutMs`. */
export async function healthOf(check: () => unknown, timeoutMs = 2_000): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      (async () => check())(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), timeoutMs))),
    ]);
    return "ok";
  } catch (error) {
    const { code, errcode, severity, message } = error as {
      code?: string;
      errcode?: number;
      severity?: string;
      message?: string;
    };
    // PostgreSQL's own words ("permission denied for table settings"); a system call's code (EROFS); SQLite's code and words.
    if (severity) return `error: ${message}`;
    return `error: ${errcode === undefined && code ? code : describeDatabaseError(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

let probes = 0;
/**
 * Throws when a small file cannot be written in `dir` (EROFS: a disk the kernel turned read-only
 * after an error, which access() does not always tell; ENOSPC; EIO). Written and removed, never synced.
 */
export function checkWritable(dir: string): void {
  const probe = path.join(dir, `.healthz-${process.pid}-${probes++}`);
  writeFileSync(probe, "ok");
  unlinkSync(probe);
}

/** Throws when `dir`'s file system has less than `minFreeMb` free or does not take a write. */
export function checkDisk(dir: string, minFreeMb: number): void {
  const { bavail, bsize } = statfsSync(dir);
  const freeMb = Math.floor((bavail * bsize) / 1_048_576);
  if (freeMb < minFreeMb) throw new Error(`${freeMb} MB free, below MIN_FREE_DISK_MB (${minFreeMb})`);
  checkWritable(dir);
}

/** Each check that applies to this instance: "ok" or "error: <why>" (for /healthz and /metrics). */
export async function healthChecks(app: FastifyInstance, redis: Redis | undefined): Promise<Record<string, string>> {
  const { config, database } = app;
  const writesFiles = database.kind === "sqlite" || !config.smtpUrl;
  const checks: Record<string, string> = { database: await healthOf(() => database.writeProbe()) };
  if (database.kind === "sqlite") checks.file = await healthOf(() => database.checkFile());
  if (writesFiles) checks.disk = await healthOf(() => checkDisk(config.dataDir, config.minFreeDiskMb));
  if (!config.smtpUrl) checks.outbox = await healthOf(() => checkWritable(path.join(config.dataDir, "mail")));
  if (redis) checks.redis = await healthOf(() => redis.ping());
  return checks;
}

/** "error: …" naming each published key this instance cannot render; undefined when every key renders. */
export function contentHealth(app: FastifyInstance): string | undefined {
  const failing = app.hasDecorator("contentFailures") ? app.contentFailures() : [];
  if (!failing.length) return undefined;
  const keys = failing.map(({ key, version }) => `${key} version ${version}`).join(", ");
  return `error: ${keys} cannot be rendered; ${failing.length === 1 ? "its pages show" : "their pages show"} the last text that rendered (the server's log says why)`;
}

export function healthRoute(app: FastifyInstance, redis: Redis | undefined): void {
  app.get("/healthz", async (_request, reply) => {
    const checks = await healthChecks(app, redis);
    const ready = Object.values(checks).every((state) => state === "ok");
    const content = contentHealth(app);
    return reply
      .code(ready ? 200 : 503)
      .header("cache-control", "no-store")
      .send({ status: !ready ? "unavailable" : content ? "degraded" : "ok", ...checks, ...(content && { content }) });
  });
}
