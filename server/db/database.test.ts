import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { migrate, openDatabase, serveWrites, transaction, writeTransaction } from "./database.ts";
import { DatabaseUnavailable } from "./errors.ts";

const file = () => path.join(mkdtempSync(path.join(tmpdir(), "db-")), "site.sqlite");
const first = [{ id: "0001-notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)" }];

describe("openDatabase", () => {
  it("uses WAL with synchronous=FULL", () => {
    const db = openDatabase(file(), []);
    expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(db.prepare("PRAGMA synchronous").get()).toEqual({ synchronous: 2 });
  });

  it("applies each migration once, in order, across restarts", () => {
    const where = file();
    openDatabase(where, first).close();
    const second = [...first, { id: "0002-note-author", sql: "ALTER TABLE notes ADD COLUMN author TEXT" }];
    const db = openDatabase(where, second);
    expect(migrate(db, second)).toEqual([]);
    expect(
      (db.prepare("SELECT id FROM schema_migrations ORDER BY id").all() as { id: string }[]).map((r) => r.id),
    ).toEqual(["0001-notes", "0002-note-author"]);
    db.prepare("INSERT INTO notes (text, author) VALUES (?, ?)").run("hello", "ann");
  });

  it("rolls a failing migration back entirely", () => {
    const db = openDatabase(file(), first);
    const broken = [...first, { id: "0002-broken", sql: "CREATE TABLE t (x); SELECT * FROM nowhere" }];
    expect(() => migrate(db, broken)).toThrow(/nowhere/);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 't'").get()).toBeUndefined();
  });

  it("refuses duplicate migration ids", () => {
    expect(() => openDatabase(file(), [...first, first[0]])).toThrow(/Duplicate migration id/);
  });
});

describe("transaction", () => {
  it("commits all or nothing", () => {
    const db = openDatabase(file(), first);
    expect(() =>
      transaction(db, () => {
        db.prepare("INSERT INTO notes (text) VALUES ('a')").run();
        throw new Error("stop");
      }),
    ).toThrow("stop");
    expect(db.prepare("SELECT count(*) AS n FROM notes").get()).toEqual({ n: 0 });
    transaction(db, () => db.prepare("INSERT INTO notes (text) VALUES ('b')").run());
    expect(db.prepare("SELECT count(*) AS n FROM notes").get()).toEqual({ n: 1 });
  });

  it("commits a batch without waiting for the disk when asked, then is back to synchronous=FULL", () => {
    const db = openDatabase(file(), first);
    const during = transaction(db, () => db.prepare("PRAGMA synchronous").get(), { waitForDisk: false });
    expect(during).toEqual({ synchronous: 1 });
    expect(db.prepare("PRAGMA synchronous").get()).toEqual({ synchronous: 2 });
    expect(() =>
      transaction(db, () => db.prepare("INSERT INTO nowhere VALUES (1)").run(), { waitForDisk: false }),
    ).toThrow(/nowhere/);
    expect(db.prepare("PRAGMA synchronous").get()).toEqual({ synchronous: 2 });
  });
});

describe("a write lock held by another connection", () => {
  /** A server connection (no blocking wait) and a second connection that holds the write lock. */
  const locked = (lockWaitMs = 0) => {
    const where = file();
    const db = openDatabase(where, first);
    serveWrites(db, { lockWaitMs, assertFile() {} });
    const other = new DatabaseSync(where);
    other.exec("BEGIN IMMEDIATE");
    return { db, release: () => other.exec("ROLLBACK") };
  };

  it("leaves synchronous=FULL when BEGIN fails on a batch transaction (the next lead commit is fsynced)", () => {
    const { db } = locked();
    expect(() =>
      transaction(db, () => db.prepare("INSERT INTO notes (text) VALUES ('x')").run(), { waitForDisk: false }),
    ).toThrow(/database is locked/);
    expect(db.prepare("PRAGMA synchronous").get()).toEqual({ synchronous: 2 });
  });

  it("writeTransaction waits off the event loop and commits once the lock is free", async () => {
    const { db, release } = locked(10_000);
    let done = false;
    const write = writeTransaction(db, () => db.prepare("INSERT INTO notes (text) VALUES ('x')").run()).then(
      () => (done = true),
    );
    // A timer fires while the write waits: the event loop is not held by it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    release();
    await write;
    expect(done).toBe(true);
    expect(db.prepare("SELECT count(*) AS n FROM notes").get()).toEqual({ n: 1 });
  });

  it("writeTransaction gives up after the lock wait with DatabaseUnavailable", async () => {
    const { db } = locked(50);
    const failure = await writeTransaction(db, () => db.prepare("INSERT INTO notes (text) VALUES ('x')").run()).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DatabaseUnavailable);
    expect(failure).toMatchObject({ statusCode: 503, reason: "busy" });
  });
});

describe("a failed transaction", () => {
  it("reports the failure itself, not that the rollback found no transaction", () => {
    const db = openDatabase(file(), first);
    // A statement that ends the transaction on its own, as SQLite does on SQLITE_FULL or SQLITE_IOERR.
    expect(() =>
      transaction(db, () => {
        db.exec("ROLLBACK");
        db.exec("INSERT INTO nowhere VALUES (1)");
      }),
    ).toThrow(/no such table: nowhere/);
    expect(db.isTransaction).toBe(false);
  });
});
