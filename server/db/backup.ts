/**
 * Backup and restore of the SQLite database (npm run backup / restore, cli/backup.ts).
 *
 * A backup is `VACUUM INTO` a temporary file beside the target: one read transaction, so the
 * copy is consistent (every commit before it began, WAL included) while the server keeps
 * writing, and compact. The copy is checked with `PRAGMA integrity_check`, synced, then
 * renamed to its name: a file with the backup's name is always a whole, verified backup.
 *
 * A restore takes DATA_DIR's lock (data-dir-lock.ts), so it refuses while a server uses the
 * folder and no server starts while it runs; checks the backup the same way; copies it in
 * beside the database and syncs it; moves the current database with its -wal and -shm aside
 * (site.sqlite.before-restore-<time>, together, so nothing is lost and no stale WAL meets the
 * restored file); then renames the copy into place.
 */
import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { lockDataDir } from "./data-dir-lock.ts";
import { databaseFile } from "./database.ts";
import { databaseProblem } from "./file-check.ts";

/** A problem the operator can fix, said in one line. */
export class BackupError extends Error {}

const fsyncPath = (file: string) => {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

/** What is wrong with a file meant as this site's database, or undefined: integrity_check, and our own tables. */
export function backupProblem(file: string): string | undefined {
  if (!existsSync(file)) return "does not exist";
  if (statSync(file).size === 0) return "is empty";
  const problem = databaseProblem(file, { thorough: true });
  if (problem) return problem;
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('schema_migrations', 'leads')").all();
    return tables.length === 2 ? undefined : "is a SQLite database, but not this site's (no schema_migrations and leads tables)";
  } finally {
    db.close();
  }
}

export interface BackupResult {
  bytes: number;
  ms: number;
}

/** Writes a consistent, verified copy of DATA_DIR's database to `target` while the server may be writing. */
export function backupDatabase(dataDir: string, target: string): BackupResult {
  const source = databaseFile(dataDir);
  if (!existsSync(source)) throw new BackupError(`No database at ${source}: set DATA_DIR (or --data-dir) to the server's data folder.`);
  if (existsSync(target)) throw new BackupError(`${target} exists already: choose a new file name (a backup never overwrites one).`);
  const partial = `${target}.partial-${process.pid}`;
  const started = performance.now();
  const db = new DatabaseSync(source, { readOnly: true });
  try {
    // Waits out a writer's brief lock at most this long; a read transaction does not block it.
    db.exec("PRAGMA busy_timeout = 10000");
    db.prepare("VACUUM INTO ?").run(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`The backup could not be written to ${partial}: ${(error as Error).message}.`, { cause: error });
  } finally {
    db.close();
  }
  const problem = backupProblem(partial);
  if (problem) {
    rmSync(partial, { force: true });
    throw new BackupError(`The copy ${problem}; nothing was kept. Check the disk, then try again.`);
  }
  fsyncPath(partial);
  renameSync(partial, target);
  fsyncPath(path.dirname(path.resolve(target)));
  return { bytes: statSync(target).size, ms: Math.round(performance.now() - started) };
}

/** Replaces DATA_DIR's database with the backup; returns where the replaced files were moved. */
export function restoreDatabase(dataDir: string, backup: string, now = new Date()): { keptAs?: string } {
  const problem = backupProblem(backup);
  if (problem) throw new BackupError(`The backup ${backup} ${problem}: nothing was changed. Choose another backup.`);
  const lock = lockDataDir(dataDir, "restore");
  if ("heldBy" in lock)
    throw new BackupError(`DATA_DIR ${dataDir} is in use by a running server (${lock.heldBy}): stop it first, then restore; nothing was changed.`);
  try {
    const file = databaseFile(dataDir);
    const incoming = `${file}.restoring`;
    copyFileSync(backup, incoming);
    fsyncPath(incoming);
    let keptAs: string | undefined;
    if (existsSync(file) || existsSync(`${file}-wal`)) {
      keptAs = `${file}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
      for (const suffix of ["", "-wal", "-shm"]) if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${keptAs}${suffix}`);
    }
    renameSync(incoming, file);
    fsyncPath(dataDir);
    return { keptAs };
  } finally {
    lock.release();
  }
}
