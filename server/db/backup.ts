/**
 * npm run backup / restore. A backup is `VACUUM INTO` (one read transaction: consistent while the server writes),
 * checked, synced, then renamed, so a file with its name is whole; it carries the newsletter secret so mailed links
 * keep working. A restore moves the database with its -wal and -shm aside together: no stale WAL meets the new file.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { lockDataDir } from "./data-dir-lock.ts";
import { databaseFile } from "./database.ts";
import { databaseProblem } from "./file-check.ts";
import { fsyncPath, newsletterSecretFile, readSecretFile, writeFileAtomically } from "./secret-file.ts";

/** A problem the operator can fix, said in one line. */
export class BackupError extends Error {}

/** Runs `work` on a connection of its own to `file`, closed after it. */
function onFile<T>(file: string, options: { readOnly?: boolean }, work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(file, options);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** What is wrong with a file meant as this site's database, or undefined: integrity_check, and our own tables. */
export function backupProblem(file: string): string | undefined {
  if (!existsSync(file)) return "does not exist";
  if (statSync(file).size === 0) return "is empty";
  const problem = databaseProblem(file, { thorough: true });
  if (problem) return problem;
  const tableList = "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('schema_migrations', 'leads')";
  return onFile(file, { readOnly: true }, (db) => db.prepare(tableList).all()).length === 2
    ? undefined
    : "is a SQLite database, but not this site's (no schema_migrations and leads tables)";
}

export interface BackupResult {
  bytes: number;
  ms: number;
  /** What the backup holds and what it does not, one sentence each (also in its backup_manifest table). */
  holds: string;
  lacks: string;
}

/** The secret-bearing table of a backup; a restore takes it out of the restored database. */
const manifestTable = "backup_manifest";

/** Where the server's other state lives, for the backup's own account of itself. */
export interface BackupContext {
  /** NEWSLETTER_SECRET is set in the environment (then DATA_DIR has no secret file to carry). */
  secretInEnvironment?: boolean;
  /** DKIM_PRIVATE_KEY_FILE, or "environment" for DKIM_PRIVATE_KEY; undefined without DKIM. */
  dkimKey?: string;
}

function describeBackup(secret: string | undefined, { secretInEnvironment, dkimKey }: BackupContext) {
  const holds =
    "It holds the database (leads, subscribers, the mail outbox, measurements, and the console accounts and audit log)" +
    (secret ? " and the newsletter secret (mailed confirm and unsubscribe links keep working after a restore)." : ".");
  const missing = [
    ...(secret
      ? []
      : [
          secretInEnvironment
            ? "the newsletter secret (NEWSLETTER_SECRET, set in the environment)"
            : "a newsletter secret (none in DATA_DIR)",
        ]),
    dkimKey
      ? `the DKIM private key (${dkimKey === "environment" ? "DKIM_PRIVATE_KEY, set in the environment" : dkimKey})`
      : "the DKIM private key, if you use one",
    "the server's settings (its environment)",
  ];
  return { holds, lacks: `Not in it: ${missing.join(", ")}; keep copies of those with the server's configuration.` };
}

/** Writes a consistent, verified copy of DATA_DIR's database and newsletter secret to `target` while the server may be writing. */
export function backupDatabase(dataDir: string, target: string, context: BackupContext = {}): BackupResult {
  const source = databaseFile(dataDir);
  if (!existsSync(source))
    throw new BackupError(`No database at ${source}: set DATA_DIR (or --data-dir) to the server's data folder.`);
  if (existsSync(target))
    throw new BackupError(`${target} exists already: choose a new file name (a backup never overwrites one).`);
  mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const partial = `${target}.partial-${process.pid}`;
  const started = performance.now();
  const db = new DatabaseSync(source, { readOnly: true });
  try {
    // Waits out a writer's brief lock at most this long; a read transaction does not block it.
    db.exec("PRAGMA busy_timeout = 10000");
    db.prepare("VACUUM INTO ?").run(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`The backup could not be written to ${partial}: ${(error as Error).message}.`, {
      cause: error,
    });
  } finally {
    db.close();
  }
  const secret = readSecretFile(newsletterSecretFile(dataDir));
  const { holds, lacks } = describeBackup(secret, context);
  onFile(partial, {}, (copy) => {
    copy.exec(`CREATE TABLE ${manifestTable} (name TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    const add = copy.prepare(`INSERT INTO ${manifestTable} (name, value) VALUES (?, ?)`);
    add.run("made_at", new Date().toISOString());
    add.run("holds", holds);
    add.run("lacks", lacks);
    if (secret) add.run("newsletter_secret", secret);
  });
  const problem = backupProblem(partial);
  if (problem) {
    rmSync(partial, { force: true });
    throw new BackupError(`The copy ${problem}; nothing was kept. Check the disk, then try again.`);
  }
  fsyncPath(partial);
  renameSync(partial, target);
  fsyncPath(path.dirname(path.resolve(target)));
  return { bytes: statSync(target).size, ms: Math.round(performance.now() - started), holds, lacks };
}

/** The newsletter secret a backup carries (none in one made before backups carried it, or with NEWSLETTER_SECRET set). */
function secretOfBackup(file: string): string | undefined {
  return onFile(file, { readOnly: true }, (db) => {
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(manifestTable);
    if (!table) return undefined;
    const secret = db.prepare(`SELECT value FROM ${manifestTable} WHERE name = 'newsletter_secret'`).get();
    return (secret as { value: string } | undefined)?.value;
  });
}

export interface RestoreResult {
  /** Where the replaced database files were moved. */
  keptAs?: string;
  /** What happened to DATA_DIR's newsletter secret. */
  secret: "restored" | "unchanged" | "replaced" | "not in the backup";
  /** Where a replaced secret file was moved. */
  secretKeptAs?: string;
}

/**
 * Replaces DATA_DIR's database (and newsletter secret) with the backup's; a missing DATA_DIR is made.
 * `replaceSecret`: a DATA_DIR whose secret differs from the backup's gets the backup's (else it is refused).
 */
export function restoreDatabase(
  dataDir: string,
  backup: string,
  { now = new Date(), replaceSecret = false } = {},
): RestoreResult {
  const problem = backupProblem(backup);
  if (problem) throw new BackupError(`The backup ${backup} ${problem}: nothing was changed. Choose another backup.`);
  const secretFile = newsletterSecretFile(dataDir);
  const incomingSecret = secretOfBackup(backup);
  const currentSecret = readSecretFile(secretFile);
  const secretChanges = incomingSecret !== undefined && currentSecret !== undefined && currentSecret !== incomingSecret;
  if (secretChanges && !replaceSecret)
    throw new BackupError(
      `${secretFile} differs from the backup's newsletter secret: restoring it would stop the confirm and unsubscribe links mailed with the ` +
        `current one from working. Nothing was changed. To use the backup's secret (links mailed before the backup work again; ` +
        `the current file is kept beside it), run the restore again with --replace-secret.`,
    );
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir, "restore");
  if ("heldBy" in lock)
    throw new BackupError(
      `DATA_DIR ${dataDir} is in use by a running server (${lock.heldBy}): stop it first, then restore; nothing was changed.`,
    );
  try {
    const file = databaseFile(dataDir);
    const incoming = `${file}.restoring`;
    copyFileSync(backup, incoming);
    // The secret goes to its own file; the restored database does not keep a copy of it.
    onFile(incoming, {}, (copy) => copy.exec(`PRAGMA secure_delete = ON; DROP TABLE IF EXISTS ${manifestTable}`));
    fsyncPath(incoming);
    const aside = `.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
    let keptAs: string | undefined;
    if (existsSync(file) || existsSync(`${file}-wal`)) {
      keptAs = `${file}${aside}`;
      for (const suffix of ["", "-wal", "-shm"])
        if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${keptAs}${suffix}`);
    }
    renameSync(incoming, file);
    fsyncPath(dataDir);
    if (incomingSecret === undefined) return { keptAs, secret: "not in the backup" };
    if (currentSecret === incomingSecret) return { keptAs, secret: "unchanged" };
    let secretKeptAs: string | undefined;
    if (currentSecret !== undefined) {
      secretKeptAs = `${secretFile}${aside}`;
      renameSync(secretFile, secretKeptAs);
    }
    writeFileAtomically(secretFile, incomingSecret);
    return { keptAs, secret: secretKeptAs ? "replaced" : "restored", secretKeptAs };
  } finally {
    lock.release();
  }
}
