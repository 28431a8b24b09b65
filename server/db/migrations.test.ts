/**
 * One migration history for both engines, frozen: the same ids in the same order, every file
 * unchanged since it was first committed (migrations/checksums.txt), every goal with its
 * columns, and a database made by an earlier main upgraded with no change in its data.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goalNames } from "#common/goals.ts";
import { goalColumn } from "../measurement/rollup-schema.ts";
import { postgresBinaries, testPostgres } from "../../tests/support/services.ts";
import { migrate, openDatabase } from "./database.ts";
import { migrations, migrationsFolder, type MigrationEngine } from "./migrations.ts";
import { migratePostgres, openPostgres } from "./postgres.ts";
import { postgresMigrations } from "./migrations-postgres.ts";

const checksumsFile = new URL("./migrations/checksums.txt", import.meta.url);
/** Databases made by main at b3d334d (before the migrations were files), with leads, subscribers, usage, the console and content in them. */
const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
/** The tables whose columns follow the goal list (common/goals.ts): a new goal needs a migration adding its columns to each. */
const goalTables = ["usage_visits", "usage_day_groups"];

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("the migrations", () => {
  it("have the same ids in the same order for SQLite and PostgreSQL", () => {
    expect(postgresMigrations.map((m) => m.id)).toEqual(migrations.map((m) => m.id));
  });

  it("are numbered NNNN-what, ascending", () => {
    const ids = migrations.map((m) => m.id);
    for (const id of ids) expect(id).toMatch(/^\d{4}-[a-z0-9-]+$/);
    expect([...ids].sort()).toEqual(ids);
  });

  it("are frozen: each file has the checksum it was committed with, and every file has one", () => {
    const committed = new Map(
      readFileSync(checksumsFile, "utf8")
        .trim()
        .split("\n")
        .map((line) => {
          const [sum, file] = line.split(/\s+/);
          return [file, sum] as const;
        }),
    );
    const files = (["sqlite", "postgres"] as MigrationEngine[]).flatMap((engine) =>
      readdirSync(migrationsFolder(engine)).map((name) => `${engine}/${name}`),
    );
    for (const file of files) {
      const sum = committed.get(file);
      expect(
        sum,
        `${file} has no line in migrations/checksums.txt: add it (sha256sum) when you add the migration`,
      ).toBeDefined();
      expect(
        sha256(readFileSync(new URL(`./migrations/${file}`, import.meta.url), "utf8")),
        `${file} changed after it was committed: never edit an applied migration, add a new one`,
      ).toBe(sum);
    }
    expect([...committed.keys()].sort(), "a committed migration was deleted").toEqual(files.sort());
  });

  it("read no live code: every migration is a file of literal SQL", () => {
    const source = readFileSync(new URL("./migrations.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/^import .* from "\.\.\//m);
  });
});

/** Every table with its rows, in a stable order: what an upgrade must leave as it was. */
function sqliteContents(db: DatabaseSync): Record<string, unknown[]> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => [
      name,
      db
        .prepare(`SELECT * FROM "${name}" ORDER BY 1, 2`)
        .all()
        .map((row) => ({ ...row })),
    ]),
  );
}

const sqliteSchema = (db: DatabaseSync) =>
  (db.prepare("SELECT type, name, sql FROM sqlite_master ORDER BY type, name").all() as Record<string, string>[]).map(
    (row) => `${row.type} ${row.name}: ${String(row.sql).replace(/\s+/g, " ")}`,
  );

/**
 * Every row keeps every value it had: the old columns of each table are compared row by row.
 * Columns later migrations added hold what those migrations give old rows, checked here one by one.
 */
function expectDataKept(before: Record<string, unknown[]>, after: Record<string, unknown[]>) {
  for (const [table, rows] of Object.entries(before)) {
    const kept = (after[table] as Record<string, unknown>[]).map((row, i) =>
      Object.fromEntries(Object.keys((rows[i] ?? row) as object).map((column) => [column, row[column]])),
    );
    expect(kept, table).toEqual(rows);
  }
  // 0460: the day an unsubscribed row left is its last change; how is not known for them.
  for (const row of after.subscribers as Record<string, unknown>[]) {
    expect(row.left_by, "subscribers.left_by").toBeNull();
    expect(row.left_at, "subscribers.left_at").toEqual(row.status === "unsubscribed" ? row.updated_at : null);
  }
  // 0480: accounts made before have no name until one is set.
  expect((after.console_users as Record<string, unknown>[]).length, "console_users").toBeGreaterThan(0);
  for (const row of after.console_users as Record<string, unknown>[])
    expect(row, "console_users.name").toHaveProperty("name", null);
}

describe("SQLite", () => {
  it("upgrades a database made by main at b3d334d with no change in its data, to the schema of a new one", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "upgrade-"));
    const file = path.join(dir, "site.sqlite");
    copyFileSync(fixture("main-b3d334d.sqlite"), file);
    const before = sqliteContents(new DatabaseSync(file, { readOnly: true }));
    expect(before.leads).toHaveLength(5);
    expect(before.usage_visits).toHaveLength(60);

    const db = openDatabase(file);
    const after = sqliteContents(db);
    const applied = after.schema_migrations.length - before.schema_migrations.length;
    // Later migrations may add rows of their own; today none is pending for this database.
    expect(applied).toBe(migrations.length - 34);
    const { schema_migrations: _before, ...data } = before;
    const { schema_migrations: _after, ...dataAfter } = after;
    expectDataKept(data, dataAfter);

    const fresh = new DatabaseSync(":memory:");
    migrate(fresh, migrations);
    expect(sqliteSchema(db)).toEqual(sqliteSchema(fresh));
    db.close();
  });

  it("has a column for every goal in each goal table", () => {
    const db = new DatabaseSync(":memory:");
    migrate(db, migrations);
    for (const table of goalTables) {
      const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
      for (const goal of goalNames)
        expect(columns, `${table} has no column for the goal "${goal}": give it a migration of its own`).toContain(
          goalColumn(goal),
        );
    }
  });
});

describe("PostgreSQL", () => {
  let server: Awaited<ReturnType<typeof testPostgres>>;
  beforeAll(async () => {
    server = await testPostgres();
  }, 120_000);
  afterAll(() => server?.stop(), 60_000);

  async function contents(client: pg.Pool): Promise<Record<string, unknown[]>> {
    const { rows } = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    const all: Record<string, unknown[]> = {};
    for (const { name } of rows) all[name] = (await client.query(`SELECT * FROM "${name}" ORDER BY 1, 2`)).rows;
    return all;
  }

  async function schema(client: pg.Pool): Promise<unknown[]> {
    const queries = [
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
        WHERE table_schema = 'public' ORDER BY 1, 2`,
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1",
      "SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1",
      "SELECT tgname, tgrelid::regclass::text AS on_table FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1",
      "SELECT proname, prosrc FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1",
    ];
    const all: unknown[] = [];
    for (const sql of queries) all.push((await client.query(sql)).rows);
    return all;
  }

  it("upgrades a database made by main at b3d334d with no change in its data, to the schema of a new one", async () => {
    const url = await server.databaseUrl();
    execFileSync(
      path.join(postgresBinaries(), "psql"),
      ["-q", "-v", "ON_ERROR_STOP=1", url],
      // pg_dump's plain SQL, kept compressed like the SQLite fixture beside it: data, not code.
      { input: gunzipSync(readFileSync(fixture("main-b3d334d.postgres.sql.gz"))), stdio: "pipe" },
    );
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const before = await contents(pool);
      expect(before.leads).toHaveLength(5);
      expect(before.usage_visits).toHaveLength(60);
      expect(await migratePostgres(pool, postgresMigrations)).toEqual(postgresMigrations.slice(34).map((m) => m.id));
      const after = await contents(pool);
      const { schema_migrations: _before, ...data } = before;
      expectDataKept(data, after);

      const fresh = await openPostgres(await server.databaseUrl(), { max: 1 });
      try {
        expect(await schema(pool)).toEqual(await schema(fresh.pool));
        for (const table of goalTables) {
          const { rows } = await fresh.pool.query<{ column_name: string }>(
            "SELECT column_name FROM information_schema.columns WHERE table_name = $1",
            [table],
          );
          for (const goal of goalNames)
            expect(
              rows.map((r) => r.column_name),
              `${table}: ${goal}`,
            ).toContain(goalColumn(goal));
        }
      } finally {
        await fresh.close();
      }
    } finally {
      await pool.end();
    }
  }, 120_000);
});
