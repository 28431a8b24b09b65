/**
 * PostgreSQL's migrations: the same ids as SQLite's, each in PostgreSQL's words (timestamptz
 * for times, bigserial ids, jsonb for a queued mail), from `migrations/postgres/` (migrations.ts
 * says how they are kept). migrations.test.ts fails when the two lists differ in ids, so a
 * migration added for one engine is added for the other in the same change.
 */
import { readMigrations, type Migration } from "./migrations.ts";

export type PostgresMigration = Migration;

export const postgresMigrations: readonly PostgresMigration[] = readMigrations("postgres");
