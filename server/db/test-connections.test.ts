// Tests open the SQLite file of a running server only through tests/support/server-database.ts,
// which waits for the server's write lock instead of failing with "database is locked".
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { busyTimeoutMs, serverDatabase } from "../../tests/support/server-database.ts";
import { databaseFile, openDatabase } from "./database.ts";

it("waits for the server's write lock, reading or writing", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "test-connection-"));
  openDatabase(databaseFile(dataDir)).close();
  for (const readOnly of [false, true]) {
    const db = serverDatabase(dataDir, { readOnly });
    expect(db.prepare("PRAGMA busy_timeout").get()).toEqual({ timeout: busyTimeoutMs });
    db.close();
  }
});

it("is the only way tests/ opens a database file with node:sqlite", () => {
  // The lock holder holds the lock on purpose (with its own busy timeout); the helper is the way.
  const allowed = ["tests/support/server-database.ts", "tests/support/lock-holder.ts"];
  const files = readdirSync("tests", { recursive: true, encoding: "utf8" }).map((file) => `tests/${file}`);
  const opening = files.filter(
    (file) => /\.tsx?$/.test(file) && !allowed.includes(file) && /new DatabaseSync\(/.test(readFileSync(file, "utf8")),
  );
  expect(opening.sort()).toEqual([]);
});
