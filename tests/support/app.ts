/**
 * The app for tests (fastify/demo's test/helper.ts): a small build folder of our own, a fresh
 * data folder, `buildApp` ready for `app.inject()`, and a second database connection.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { cspHashesFile } from "#common/csp-hashes.ts";
import { buildCspManifest } from "../../scripts/build-steps/csp-hashes.ts";
import { buildApp, type AppOptions } from "../../server/app.ts";
import { loadServerConfig } from "../../server/config.ts";
import { databaseFile, openDatabase, type SqliteDatabase } from "../../server/db/database.ts";

/**
 * A build folder with the given files (path → content) besides a home page, and the CSP hash
 * file the build writes, computed from its pages; `compressed` files get `.br` and `.gz` copies.
 */
export function fixtureBuild(
  files: Record<string, string | Buffer> = {},
  { compressed = [] as string[] } = {},
): string {
  const dir = mkdtempSync(path.join(tmpdir(), "site-build-"));
  const all: Record<string, string | Buffer> = { "index.html": "<!DOCTYPE html><title>Home</title>", ...files };
  mkdirSync(path.join(dir, "assets"));
  const pages: [string, string][] = [];
  for (const [relative, body] of Object.entries(all)) {
    const full = path.join(dir, relative);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, body);
    if (compressed.includes(relative)) {
      writeFileSync(`${full}.br`, brotliCompressSync(body));
      writeFileSync(`${full}.gz`, gzipSync(body));
    }
    if (relative.endsWith("index.html")) pages.push([`/${relative.replace(/\/?index\.html$/, "")}`, String(body)]);
  }
  writeFileSync(path.join(dir, cspHashesFile), JSON.stringify(buildCspManifest(pages)));
  return dir;
}

/**
 * The app on a fixture build (or BUILD_DIR) and a fresh DATA_DIR, lead rate limit and per-network
 * sign-up count raised (tests send from one address), mail retried fast; `options` adds the app's
 * other test settings (e.g. the digest's clock); `beforeReady` may add a hook of the test's own.
 */
export async function testApp(
  env: Record<string, string> = {},
  mail: AppOptions["mail"] = {},
  options: Omit<AppOptions, "config" | "mail"> = {},
  beforeReady: (app: FastifyInstance) => void = () => {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-data-"));
  const config = loadServerConfig({
    BUILD_DIR: env.BUILD_DIR ?? fixtureBuild(),
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: "100000",
    SIGNUPS_PER_NETWORK_PER_HOUR: "100000",
    QUESTIONS_PER_NETWORK_PER_HOUR: "100000",
    ...env,
  });
  const app = await buildApp({ ...options, config, mail: { retryBaseMs: 50, pollMs: 50, ...mail } });
  beforeReady(app);
  await app.ready();
  // A second connection, as an operator's would be: proves rows are committed, not cached.
  const db: SqliteDatabase = openDatabase(databaseFile(dataDir));
  return { app, config, dataDir, db };
}

type Maybe<T> = T | undefined | false;
/** Polls `check` until it gives a truthy value, and gives that; throws after `timeoutMs`, naming `what`. */
export async function waitFor<T>(
  check: () => Maybe<T> | Promise<Maybe<T>>,
  timeoutMs = 10_000,
  what = "it",
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
