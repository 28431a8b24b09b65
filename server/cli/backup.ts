/** `npm run backup -- <file>` (server running) and `npm run restore -- <file>` (stopped): db/backup.ts. */
import path from "node:path";
import { backupDatabase, BackupError, restoreDatabase } from "../db/backup.ts";
import { exitQuietlyOnClosedPipe, fail, readOptions, storageSettings } from "./command-line.ts";

exitQuietlyOnClosedPipe();

const usages = {
  backup: `
Usage: npm run backup -- <file> [--data-dir DIR]

Writes a consistent copy of the database in DATA_DIR (default data) to <file> while the server
keeps running (SQLite's VACUUM INTO: every lead committed before the backup began is in it),
with DATA_DIR's newsletter secret, checks it with PRAGMA integrity_check, then gives it its
name. Never overwrites a file; makes <file>'s folder if it is missing. Not in it: the DKIM
private key and the server's environment.
  --data-dir DIR    the server's data folder (default: DATA_DIR or data)
  -h, --help        this text`,
  restore: `
Usage: npm run restore -- <file> [--data-dir DIR] [--replace-secret]

Replaces the database in DATA_DIR (default data, made if missing) with the backup <file>, after
checking it with PRAGMA integrity_check, and puts back the backup's newsletter secret, so links
mailed before the backup keep working. Refuses while a server uses DATA_DIR: stop it first,
start it after. The replaced database and its -wal and -shm files are kept beside it as
site.sqlite.before-restore-<time>.
  --data-dir DIR    the server's data folder (default: DATA_DIR or data)
  --replace-secret  DATA_DIR has a different newsletter secret: replace it with the backup's
                    (links mailed with the current one stop working; it is kept beside it)
  -h, --help        this text`,
};

const [what, ...args] = process.argv.slice(2);
if (what !== "backup" && what !== "restore") fail("usage: node server/cli/backup.ts backup|restore <file> [--help]");
const command = `npm run ${what}`;
const parsed = readOptions(
  args,
  { "data-dir": { type: "string" }, "replace-secret": { type: "boolean" } },
  { usage: usages[what], command, positionals: true },
);
if (parsed.positionals.length !== 1)
  fail(`${command} takes one file name, e.g. ${command} -- backups/site.sqlite (see -- --help).`);
const storage = storageSettings();
if (storage.databaseUrl)
  fail(
    `DATABASE_URL is set: the data is in PostgreSQL; use pg_dump / pg_restore (docs/operations.md, "Backup and restore").`,
  );
const dataDir = path.resolve(parsed.values["data-dir"] ?? storage.dataDir);
const file = path.resolve(parsed.positionals[0]);
const shown = (name: string) => path.relative(process.cwd(), name) || name;

try {
  if (what === "backup") {
    const { env } = process;
    const dkimKey = env.DKIM_PRIVATE_KEY_FILE || (env.DKIM_PRIVATE_KEY ? "environment" : undefined);
    const { bytes, ms, holds, lacks } = backupDatabase(dataDir, file, {
      secretInEnvironment: !!env.NEWSLETTER_SECRET,
      dkimKey,
    });
    console.log(
      `Backed up ${shown(dataDir)} to ${shown(file)}: ${(bytes / 1_048_576).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s, integrity_check ok.`,
    );
    console.log(`${holds}\n${lacks}`);
  } else {
    const { keptAs, secret, secretKeptAs } = restoreDatabase(dataDir, file, {
      replaceSecret: !!parsed.values["replace-secret"],
    });
    const secretNote = {
      restored: " with the newsletter secret it was made with",
      unchanged: " (its newsletter secret is DATA_DIR's already)",
      replaced: ` with its newsletter secret (DATA_DIR's was kept as ${shown(secretKeptAs ?? "")})`,
      "not in the backup":
        " (it holds no newsletter secret: links mailed before it work with the NEWSLETTER_SECRET they were signed with)",
    }[secret];
    console.log(
      `Restored ${shown(file)} into ${shown(dataDir)}${secretNote}${keptAs ? `; the replaced database is kept as ${shown(keptAs)} (with its -wal and -shm)` : ""}. Start the server now.`,
    );
  }
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  throw error;
}
