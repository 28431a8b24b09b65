import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrate, openDatabase, transaction } from "./database.ts";

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
    expect((db.prepare("SELECT id FROM schema_migrations ORDER BY id").all() as { id: string }[]).map((r) => r.id)).toEqual([
      "0001-notes",
      "0002-note-author",
    ]);
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
    expect(() => transaction(db, () => db.prepare("INSERT INTO nowhere VALUES (1)").run(), { waitForDisk: false })).toThrow(/nowhere/);
    expect(db.prepare("PRAGMA synchronous").get()).toEqual({ synchronous: 2 });
  });
});
