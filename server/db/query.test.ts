// The query layer on both engines (query.ts, kysely-sqlite.ts, sql.ts): what every store relies
// on reads and behaves the same on SQLite and PostgreSQL, on the real engines.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdWriteLock } from "../../tests/support/lock-holder.ts";
import { testPostgres } from "../../tests/support/services.ts";
import { exclusive, writeTransaction } from "./database.ts";
import { openEngine, type DatabaseEngine } from "./engine.ts";
import { DatabaseUnavailable, InputRefused } from "./errors.ts";
import { engineOf, transaction, type Db } from "./query.ts";
import { contains, fixedQuery, flagOf, inList, isUniqueViolation, jsonOf, jsonText, utcDay } from "./sql.ts";

const at = "2026-03-04T05:06:07.089Z";
const sqliteDir = () => mkdtempSync(path.join(tmpdir(), "query-"));

let postgres: Awaited<ReturnType<typeof testPostgres>>;
beforeAll(async () => {
  postgres = await testPostgres();
}, 120_000);
afterAll(() => postgres?.stop());

const engines: [string, () => Promise<DatabaseEngine>][] = [
  [
    "sqlite",
    () => openEngine({ databaseUrl: "", dataDir: sqliteDir(), serve: { lockWaitMs: 200, onFileChange() {} } }),
  ],
  ["postgres", async () => openEngine({ databaseUrl: await postgres.databaseUrl(), dataDir: "" })],
];

const audit = (db: Db, action: string) =>
  db
    .insertInto("console_audit")
    .values({ at, account: "owner@tallyway.example", address: "192.0.2.1", action })
    .returning("id")
    .executeTakeFirstOrThrow();

describe.each(engines)("on %s", (kind, open) => {
  let engine: DatabaseEngine;
  let db: Db;
  beforeAll(async () => {
    engine = await open();
    db = engine.queries;
  });
  afterAll(() => engine?.close());

  it("knows its engine, also inside a transaction", async () => {
    expect(engineOf(db)).toBe(kind);
    await transaction(db, async (tx) => expect(engineOf(tx)).toBe(kind));
  });

  it("reads timestamps as the ISO text written, ids and counts as numbers", async () => {
    const { id } = await audit(db, "read");
    const row = await db
      .selectFrom("console_audit")
      .select(["id", "at", utcDay(db, "at").as("day"), (eb) => eb.fn.countAll<number>().as("n")])
      .where("id", "=", id)
      .groupBy(["id", "at"])
      .executeTakeFirstOrThrow();
    expect({ ...row }).toEqual({ id, at, day: "2026-03-04", n: 1 });
  });

  it("commits a transaction whole, or nothing of it", async () => {
    await transaction(db, async (tx) => void (await audit(tx, "kept")));
    await expect(
      transaction(db, async (tx) => {
        await audit(tx, "dropped");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const actions = (await db.selectFrom("console_audit").select("action").execute()).map((row) => row.action);
    expect(actions).toContain("kept");
    expect(actions).not.toContain("dropped");
  });

  it("runs concurrent transactions one after another, with and without waiting for the disk", async () => {
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        transaction(
          db,
          async (tx) => {
            const { id } = await audit(tx, `parallel-${i}`);
            // Reads its own write before anyone else's commit lands in between.
            const seen = await tx.selectFrom("console_audit").select("action").where("id", "=", id).executeTakeFirst();
            expect(seen?.action).toBe(`parallel-${i}`);
            return id;
          },
          { waitForDisk: i % 2 === 0 },
        ),
      ),
    );
    expect(new Set(ids).size).toBe(12);
  });

  it("refuses text no engine can store before it is sent, with the same error", async () => {
    await expect(audit(db, "nul\u0000inside")).rejects.toBeInstanceOf(InputRefused);
    await expect(audit(db, "half \ud800 a pair")).rejects.toBeInstanceOf(InputRefused);
  });

  it("tells a second insert of a unique key from other errors", async () => {
    await db.insertInto("settings").values({ name: "unique-test", value: "1" }).execute();
    const error = await db
      .insertInto("settings")
      .values({ name: "unique-test", value: "2" })
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error("something else"))).toBe(false);
  });

  it("spells the engines' differences the same way for the stores", async () => {
    const mail = { to: "ann@example.com", subject: "100% _sure_" };
    const { id } = await db
      .insertInto("outbox")
      .values({ created_at: at, mail: JSON.stringify(mail), next_attempt_at: at, priority: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = await db
      .selectFrom("outbox")
      .select(["mail", jsonText(db, "mail", "subject").as("subject")])
      .where(inList(db, "id", [id, -1]))
      .where(contains(db, jsonText(db, "mail", "to"), "ANN@"))
      .executeTakeFirstOrThrow();
    expect(jsonOf(row.mail)).toEqual(mail);
    expect(row.subject).toBe(mail.subject);
    // The pattern's own % and _ match only themselves.
    const literal = await db
      .selectFrom("outbox")
      .select("id")
      .where(contains(db, jsonText(db, "mail", "subject"), "0%"))
      .where(contains(db, jsonText(db, "mail", "subject"), "_s"))
      .execute();
    expect(literal.map((r) => r.id)).toEqual([id]);
    expect(
      await db
        .selectFrom("outbox")
        .select("id")
        .where(contains(db, jsonText(db, "mail", "subject"), "1_0"))
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom("outbox")
        .select("id")
        .where(inList(db, "id", []))
        .execute(),
    ).toEqual([]);
  });

  it("binds a flag and reads it back as one", async () => {
    const now = at;
    const { id } = await db
      .insertInto("subscribers")
      .values({
        list: "newsletter",
        email: "flag@example.com",
        email_key: "flag@example.com",
        first_name: "",
        last_name: "",
        status: "pending",
        created_at: now,
        updated_at: now,
        confirm_proven: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = await db
      .selectFrom("subscribers")
      .select("confirm_proven")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(flagOf(row.confirm_proven)).toBe(true);
  });
});

describe("on sqlite, with the connection shared", () => {
  it("keeps raw work out of an open transaction of the query layer", async () => {
    const engine = await engines[0][1]();
    if (engine.kind !== "sqlite") throw new Error("expected sqlite");
    const db = engine.queries;
    let release!: () => void;
    let opened!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const open = transaction(db, async (tx) => {
      await audit(tx, "inside");
      opened();
      await held;
      throw new Error("rolled back");
    });
    await isOpen;
    // Raw work asked for while the transaction is open runs after it, not inside it.
    const raw = exclusive(engine.db, () => engine.db.prepare("SELECT count(*) AS n FROM console_audit").get());
    const write = writeTransaction(engine.db, () =>
      engine.db.prepare("INSERT INTO settings (name, value) VALUES ('raw', '1')").run(),
    );
    // Give the raw work every chance to run early: a few turns of the event loop.
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    release();
    await expect(open).rejects.toThrow("rolled back");
    expect(await raw).toEqual({ n: 0 });
    await write;
    expect(await db.selectFrom("settings").select("value").where("name", "=", "raw").execute()).toEqual([
      { value: "1" },
    ]);
    await engine.close();
  });

  it("waits for a write lock another process holds, then answers 503's DatabaseUnavailable", async () => {
    const dataDir = sqliteDir();
    const engine = await openEngine({ databaseUrl: "", dataDir, serve: { lockWaitMs: 300, onFileChange() {} } });
    if (engine.kind !== "sqlite") throw new Error("expected sqlite");
    const holder = await holdWriteLock(engine.file);
    try {
      await expect(transaction(engine.queries, (tx) => audit(tx, "locked out"))).rejects.toBeInstanceOf(
        DatabaseUnavailable,
      );
    } finally {
      await holder.release();
    }
    // Once the lock is free, the same write passes.
    await transaction(engine.queries, (tx) => audit(tx, "after"));
    await engine.close();
  });
});

describe("fixed statements (sql.ts: fixedQuery)", () => {
  // An argument used twice, and the same statement run again: both engines give the same rows.
  const text = "SELECT action FROM console_audit WHERE action IN ($1, $2) AND (action = $1 OR at = $3) ORDER BY action";

  it.each(engines)("on %s binds each use of an argument and reads the same rows", async (_kind, open) => {
    const engine = await open();
    try {
      const db = engine.queries;
      for (const action of ["fixed-a", "fixed-b", "fixed-c"]) await audit(db, action);
      const run = async () => (await fixedQuery<{ action: string }>(db, text, ["fixed-a", "fixed-b", at])).rows;
      expect(await run()).toEqual([{ action: "fixed-a" }, { action: "fixed-b" }]);
      expect(await run()).toEqual([{ action: "fixed-a" }, { action: "fixed-b" }]);
    } finally {
      await engine.close();
    }
  });

  it("on postgres is prepared once per connection, by name", async () => {
    const engine = await openEngine({ databaseUrl: await postgres.databaseUrl(), dataDir: "" });
    try {
      const db = engine.queries;
      // One connection: a transaction holds it for every statement inside.
      const prepared = await transaction(db, async (tx) => {
        await fixedQuery(tx, text, ["x", "y", at]);
        await fixedQuery(tx, text, ["x", "z", at]);
        return (
          await sql<{
            statement: string;
          }>`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'fixed_%'`.execute(tx)
        ).rows;
      });
      expect(prepared).toEqual([
        { statement: expect.stringContaining("WHERE action IN ($1, $2) AND (action = $3 OR at = $4)") },
      ]);
    } finally {
      await engine.close();
    }
  });
});
