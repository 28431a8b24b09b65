/**
 * Every schema change, in order, as literal SQL files: `migrations/sqlite/<id>.sql` and
 * `migrations/postgres/<id>.sql`, the same ids for both engines, each in its engine's words.
 * Ids are "NNNN-what" so they sort and say what they do. A new one sorts after every other
 * (README.md: a database that ran the earlier ones must end with a new database's schema).
 *
 * The files are frozen: no migration reads live code (a migration generated from, say, the goal
 * list would change under databases that already ran it), and `migrations/checksums.txt` holds
 * the SHA-256 of every file, checked by migrations.test.ts. Never edit an applied migration: add
 * a file with the next id, for both engines, and its line in checksums.txt.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface Migration {
  id: string;
  sql: string;
}

export type MigrationEngine = "sqlite" | "postgres";

export const migrationsFolder = (engine: MigrationEngine): URL => new URL(`./migrations/${engine}/`, import.meta.url);

/** The migrations of an engine, in id order, read once when the module loads. */
export function readMigrations(engine: MigrationEngine): readonly Migration[] {
  const folder = migrationsFolder(engine);
  return readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => ({ id: name.slice(0, -".sql".length), sql: readFileSync(new URL(name, folder), "utf8") }));
}

export const migrations: readonly Migration[] = readMigrations("sqlite");
