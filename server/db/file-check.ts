/**
 * Is the database file one the server can trust, before anything opens it? A zero-length one in a DATA_DIR that
 * holds other state is refused too: the database was lost, and opening it would silently start an empty one.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { lockFiles } from "./data-dir-lock.ts";
import { describeDatabaseError } from "./errors.ts";

/** What is wrong with a database file (no fix), or undefined when it can be opened: quick_check, or integrity_check for `thorough`. */
export function databaseProblem(file: string, { thorough = false } = {}): string | undefined {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file);
    const rows = db.prepare(thorough ? "PRAGMA integrity_check(5)" : "PRAGMA quick_check(5)").all() as Record<
      string,
      string
    >[];
    const found = rows.map((row) => Object.values(row)[0]);
    if (found.length !== 1 || found[0] !== "ok")
      return `is damaged (${thorough ? "integrity_check" : "quick_check"}: ${found.join("; ")})`;
    return undefined;
  } catch (error) {
    const code = ((error as { errcode?: number }).errcode ?? 0) & 0xff;
    if (code === 26) return "is not a SQLite database";
    return `${code === 11 ? "is damaged" : "cannot be read"} (${describeDatabaseError(error)})`;
  } finally {
    db?.close();
  }
}

/** The names in DATA_DIR that show it was used before, besides the database file and the lock. */
export function otherState(dataDir: string, file: string): string[] {
  const own = new Set([path.basename(file), `${path.basename(file)}-shm`, ...lockFiles]);
  const wal = `${file}-wal`;
  return readdirSync(dataDir).filter((name) => {
    if (name === path.basename(wal)) return statSync(wal).size > 0;
    return !own.has(name);
  });
}

/** One line saying what is wrong with DATA_DIR's database and what to do, or undefined when it can be used. */
export function checkDatabaseFile(file: string, shownFile: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const restore = "restore from a backup: npm run restore -- <backup file>";
  if (statSync(file).size === 0) {
    const others = otherState(path.dirname(file), file);
    if (!others.length) return undefined;
    return `The database ${shownFile} is empty, but its folder holds other state (${others.join(", ")}), so its data was lost: ${restore} (or move the folder away to start afresh).`;
  }
  const problem = databaseProblem(file);
  return (
    problem && `The database ${shownFile} ${problem}: ${restore} (or move it away to start with an empty database).`
  );
}
