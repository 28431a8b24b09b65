/** PostgreSQL's migrations, from `migrations/postgres/`: the same ids as SQLite's (migrations.test.ts). */
import { readMigrations } from "./migrations.ts";

export const postgresMigrations = readMigrations("postgres");
