import { describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openDatabase, serveWrites, type SqliteDatabase } from "../db/database.ts";
import { DatabaseUnavailable } from "../db/errors.ts";
import { createGroupCommit } from "./group-commit.ts";

const schema = [{ id: "0001-items", sql: "CREATE TABLE items (n INTEGER NOT NULL CHECK (n >= 0))" }];

/** A real in-memory database whose exec() records the transaction statements it is given. */
function setUp() {
  const db = openDatabase(":memory:", schema);
  const statements: string[] = [];
  const exec = db.exec.bind(db);
  db.exec = (sql: string) => {
    statements.push(sql);
    return exec(sql);
  };
  const insert = db.prepare("INSERT INTO items (n) VALUES (?) RETURNING n");
  const add = (n: number) => () => (insert.get(n) as { n: number }).n;
  const items = () => (db.prepare("SELECT n FROM items ORDER BY n").all() as { n: number }[]).map((row) => row.n);
  return {
    db: db as SqliteDatabase,
    statements,
    add,
    items,
    commits: () => statements.filter((s) => s === "COMMIT").length,
  };
}

describe("createGroupCommit", () => {
  it("writes everything queued in the same turn in one transaction, and resolves after the commit", async () => {
    const { db, add, items, commits } = setUp();
    const group = createGroupCommit(db);
    const results = [group.run(add(1)), group.run(add(2)), group.run(add(3))];
    expect(items()).toEqual([]);
    expect(group.queued).toBe(3);
    expect(await Promise.all(results)).toEqual([1, 2, 3]);
    expect(items()).toEqual([1, 2, 3]);
    expect(commits()).toBe(1);
    expect(db.isTransaction).toBe(false);
  });

  it("starts a new group for work queued after the first one was written", async () => {
    const { db, add, items, commits } = setUp();
    const group = createGroupCommit(db);
    await group.run(add(1));
    await Promise.all([group.run(add(2)), group.run(add(3))]);
    expect(items()).toEqual([1, 2, 3]);
    expect(commits()).toBe(2);
  });

  it("rolls back and rejects only the work that failed; the rest of its group commits", async () => {
    const { db, add, items, commits } = setUp();
    const group = createGroupCommit(db);
    const results = await Promise.allSettled([group.run(add(1)), group.run(add(-1)), group.run(add(2))]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason.message).toMatch(/CHECK constraint failed/);
    expect(items()).toEqual([1, 2]);
    expect(commits()).toBe(1);
  });

  it("rejects the whole group when the commit itself fails, leaving nothing half written", async () => {
    const { db, add, items } = setUp();
    const group = createGroupCommit(db);
    const exec = db.exec.bind(db);
    db.exec = (sql: string) => {
      if (sql === "COMMIT") throw new Error("disk I/O error");
      return exec(sql);
    };
    const results = await Promise.allSettled([group.run(add(1)), group.run(add(2))]);
    expect(results.every((r) => r.status === "rejected" && /disk I\/O error/.test(String(r.reason)))).toBe(true);
    db.exec = exec;
    expect(db.isTransaction).toBe(false);
    expect(items()).toEqual([]);
  });

  it("splits a large queue into groups of at most maxGroup", async () => {
    const { db, add, items, commits } = setUp();
    const group = createGroupCommit(db, { maxGroup: 10 });
    await Promise.all(Array.from({ length: 25 }, (_, i) => group.run(add(i))));
    expect(items()).toHaveLength(25);
    expect(commits()).toBe(3);
  });

  it("flush() writes the queue at once, for shutdown", async () => {
    const { db, add, items } = setUp();
    const group = createGroupCommit(db);
    const result = group.run(add(7));
    await group.flush();
    expect(items()).toEqual([7]);
    expect(await result).toBe(7);
  });

  it("waits for a write lock held by another connection without blocking, then commits or gives up as 503", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "group-")), "site.sqlite");
    const db = openDatabase(file, schema);
    serveWrites(db, { lockWaitMs: 300, assertFile() {} });
    const other = new DatabaseSync(file);
    const insert = db.prepare("INSERT INTO items (n) VALUES (?) RETURNING n");
    const group = createGroupCommit(db);

    other.exec("BEGIN IMMEDIATE");
    const waiting = group.run(() => (insert.get(1) as { n: number }).n);
    await new Promise((resolve) => setTimeout(resolve, 50));
    other.exec("ROLLBACK");
    expect(await waiting).toBe(1);

    other.exec("BEGIN IMMEDIATE");
    const failure = await group.run(() => insert.get(2)).catch((error: unknown) => error);
    other.exec("ROLLBACK");
    expect(failure).toBeInstanceOf(DatabaseUnavailable);
    expect(await group.run(() => (insert.get(3) as { n: number }).n)).toBe(3);
    expect((db.prepare("SELECT n FROM items ORDER BY n").all() as { n: number }[]).map((row) => row.n)).toEqual([1, 3]);
  });
});
