// schema.ts (with schema-usage.ts) says what the frozen migrations make: every table and column, its type and whether
// it may be null or has a default, read back from a database migrated on each engine. A
// migration that adds a column without adding it to schema.ts (or the reverse) fails here,
// naming the column.
import { readFileSync } from "node:fs";
import type { ColumnMetadata, TableMetadata } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { testPostgres } from "../../tests/support/services.ts";
import { openDatabase } from "./database.ts";
import { postgresQueries, sqliteQueries } from "./query.ts";
import { openPostgres } from "./postgres.ts";

/** The two columns whose value differs by engine, typed as both in schema.ts. */
const typedAsBoth: Record<string, string> = {
  "outbox.mail": "ColumnType<string | JsonObject, string, string>",
  "subscribers.confirm_proven": "Flag",
};

const tsType = (column: ColumnMetadata): string => {
  const base = /^(text|varchar|timestamptz|date)$/.test(column.dataType)
    ? "string"
    : /^(int2|int4|int8|numeric|float4|float8)$/.test(column.dataType)
      ? "number"
      : column.dataType === "bytea"
        ? "Uint8Array"
        : `unknown /* ${column.dataType} */`;
  const type = column.isNullable ? `${base} | null` : base;
  return column.hasDefaultValue ? `Generated<${type}>` : type;
};

/** `table.column` → its TypeScript type, as written in schema.ts. */
function declared(): Map<string, string> {
  const source = ["./schema.ts", "./schema-usage.ts"]
    .map((file) => readFileSync(new URL(file, import.meta.url), "utf8"))
    .join("\n");
  const interfaces = new Map(
    [...source.matchAll(/export interface (\w+)Table \{([^}]*)\}/g)].map(([, name, body]) => [name, body]),
  );
  const database = /export interface Database \{([^}]*)\}/.exec(source)![1];
  const columns = new Map<string, string>();
  for (const [, table, type] of database.matchAll(/(\w+): (\w+)Table;/g))
    for (const [, column, columnType] of interfaces.get(type)!.matchAll(/^\s*(\w+): (.+);$/gm))
      columns.set(`${table}.${column}`, columnType);
  return columns;
}

const columnsOf = (tables: TableMetadata[]) =>
  new Map(tables.flatMap((table) => table.columns.map((column) => [`${table.name}.${column.name}`, column] as const)));

let postgres: Awaited<ReturnType<typeof testPostgres>>;
beforeAll(async () => {
  postgres = await testPostgres();
}, 120_000);
afterAll(() => postgres?.stop());

it("declares every column of a migrated PostgreSQL database, with its type", async () => {
  const { pool, close } = await openPostgres(postgres.url);
  try {
    const actual = columnsOf(await postgresQueries(pool).introspection.getTables());
    const expected = new Map([...actual].map(([name, column]) => [name, typedAsBoth[name] ?? tsType(column)]));
    expect(Object.fromEntries(declared())).toEqual(Object.fromEntries(expected));
  } finally {
    await close();
  }
});

it("has the same columns on SQLite, null and default alike", async () => {
  const db = openDatabase(":memory:");
  const postgresPool = await openPostgres(postgres.url);
  try {
    const sqlite = columnsOf(await sqliteQueries(db).introspection.getTables());
    const pg = columnsOf(await postgresQueries(postgresPool.pool).introspection.getTables());
    // SQLite's primary keys are not declared NOT NULL, and its INTEGER PRIMARY KEY is the row id
    // (generated without a default): both are read from the key, not the declaration.
    const keys = new Set(
      [...sqlite.keys()].filter((name) => {
        const [table, column] = name.split(".");
        const info = db.prepare(`SELECT pk FROM pragma_table_info(?) WHERE name = ?`).get(table, column) as {
          pk: number;
        };
        return info.pk > 0;
      }),
    );
    const shape = (columns: typeof sqlite, engine: "sqlite" | "postgres") =>
      Object.fromEntries(
        [...columns].map(([name, column]) => [
          name,
          {
            nullable: column.isNullable && !(engine === "sqlite" && keys.has(name)),
            generated: keys.has(name) && name.endsWith(".id") ? "key" : column.hasDefaultValue,
          },
        ]),
      );
    expect(shape(sqlite, "sqlite")).toEqual(shape(pg, "postgres"));
  } finally {
    db.close();
    await postgresPool.close();
  }
});
