/** Shared by the lead capture tests: a tiny build folder, a fresh data folder, the app. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp, type AppOptions } from "../app.ts";
import { loadServerConfig } from "../config.ts";
import { databaseFile, openDatabase, type Database } from "../store/database.ts";

export function tinyBuildDir(): string {
  const buildDir = mkdtempSync(path.join(tmpdir(), "leads-build-"));
  mkdirSync(path.join(buildDir, "assets"));
  writeFileSync(path.join(buildDir, "index.html"), "<!DOCTYPE html><title>Home</title>");
  return buildDir;
}

export async function leadApp(env: Record<string, string> = {}, options: AppOptions["leadCapture"] = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "leads-data-"));
  const config = loadServerConfig({ BUILD_DIR: tinyBuildDir(), DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: "100000", ...env });
  const app = await buildApp({ config, leadCapture: { mailRetryBaseMs: 50, mailPollMs: 50, ...options } });
  await app.ready();
  // A second connection, as an operator's would be: proves rows are committed, not cached.
  const db: Database = openDatabase(databaseFile(dataDir));
  return { app, config, dataDir, db };
}

export async function waitFor<T>(check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
