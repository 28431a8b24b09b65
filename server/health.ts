/**
 * GET /healthz, the readiness check: ok only when this instance can take a lead now. Each check is
 * "ok" or "error: <why>" within two seconds: database (a write probe, rolled back), file (SQLite: still
 * the file the server writes), disk (DATA_DIR written: MIN_FREE_DISK_MB free and writable), outbox (.eml
 * mail: its folder writable), redis (a PING). One failing: 503 "unavailable", so no visitor's lead meets
 * an error. A content key that does not render only makes it "degraded" (200, naming the keys): the
 * instance still takes leads and serves that key's last good text.
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
