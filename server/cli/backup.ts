/**
 * The operators' backup and restore of the SQLite database in DATA_DIR (db/backup.ts):
 *   npm run backup -- backups/site-2026-11-24.sqlite     (while the server runs)
 *   npm run restore -- backups/site-2026-11-24.sqlite    (with the server stopped)
 * With DATABASE_URL (PostgreSQL) use pg_dump and pg_restore: README "Backup and restore".
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { backupDatabase, BackupError, restoreDatabase } from "../db/backup.ts";
import { fail } from "./command-line.ts";

const usages = {
  backup: `
Usage: npm run backup -- <file> [--data-dir DIR]

Writes a consistent copy of the database in DATA_DIR (default data) to <file> while the server
keeps running (SQLite's VACUUM INTO: every lead committed before the backup began is in it),
checks it with PRAGMA integrity_check, then gives it its name. Never overwrites a file.
  --data-dir DIR    the server's data folder (default: DATA_DIR or data)
  -h, --help        this text`,
  restore: `
Usage: npm run restore -- <file> [--data-dir DIR]

Replaces the database in DATA_DIR (default data) with the backup <file>, after checking it with
PRAGMA integrity_check. Refuses while a server uses DATA_DIR: stop it first, start it after.
The replaced database and its -wal and -shm files are kept beside it as
site.sqlite.before-restore-<time>.
  --data-dir DIR    the server's data folder (default: DATA_DIR or data)
  -h, --help        this text`,
};

const [what, ...args] = process.argv.slice(2);
if (what !== "backup" && what !== "restore") fail("usage: node server/cli/backup.ts backup|restore <file> [--help]");
const command = `npm run ${what}`;
const options = { "data-dir": { type: "string" }, help: { type: "boolean", short: "h" } } as const;
const parse = () => {
  try {
    return parseArgs({ args, options, allowPositionals: true });
  } catch (error) {
    return fail(`${(error as Error).message.split("\n")[0]}: see "${command} -- --help".`);
  }
};
const parsed = parse();
if (parsed.values.help) {
  process.stdout.write(`${usages[what].trim()}\n`);
  process.exit(0);
}
if (parsed.positionals.length !== 1) fail(`${command} takes one file name, e.g. ${command} -- backups/site.sqlite (see -- --help).`);
if (process.env.DATABASE_URL) fail(`DATABASE_URL is set: the data is in PostgreSQL; use pg_dump / pg_restore (README, "Backup and restore").`);
const dataDir = path.resolve(parsed.values["data-dir"] ?? process.env.DATA_DIR ?? "data");
const file = path.resolve(parsed.positionals[0]);
const shown = (name: string) => path.relative(process.cwd(), name) || name;

try {
  if (what === "backup") {
    const { bytes, ms } = backupDatabase(dataDir, file);
    console.log(
      `Backed up ${shown(dataDir)} to ${shown(file)}: ${(bytes / 1_048_576).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s, integrity_check ok.`,
    );
  } else {
    const { keptAs } = restoreDatabase(dataDir, file);
    console.log(
      `Restored ${shown(file)} into ${shown(dataDir)}${keptAs ? `; the replaced database is kept as ${shown(keptAs)} (with its -wal and -shm)` : ""}. Start the server now.`,
    );
  }
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  throw error;
}
