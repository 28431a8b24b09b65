/**
 * Every schema change as literal SQL files, `migrations/<engine>/<id>.sql`, the same ids for both engines. Frozen
 * (migrations/checksums.txt): a migration read from live code would change under databases that already ran it.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface Migration {
  id: string;
  sql: string;
}

export type MigrationEngine = "sqlite" | "postgres";

export const migrationsFolder = (engine: MigrationEngine): URL => new URL(`./migrations/${engine}/`, import.meta.url);

/** The migrations of an engine, in id order. */
export function readMigrations(engine: MigrationEngine): readonly Migration[] {
  const folder = migrationsFolder(engine);
  return readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => ({ id: name.slice(0, -".sql".length), sql: readFileSync(new URL(name, folder), "utf8") }));
}

export const migrations: readonly Migration[] = readMigrations("sqlite");
