/**
 * The newsletter secret's file in DATA_DIR (SQLite, one instance: leads/tokens.ts makes it on
 * first start) and the one way it is written: whole or not at all. A backup carries it and a
 * restore puts it back (backup.ts), so links mailed before the backup keep working.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import path from "node:path";

export const newsletterSecretFile = (dataDir: string): string => path.join(dataDir, "newsletter-secret");

/** The secret in DATA_DIR as stored (trimmed), or undefined when there is no file. */
export function readSecretFile(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Writes `text` to a temporary file beside `file`, syncs it, then renames it over `file` and syncs the folder. */
export function writeFileAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, "w", 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  const dir = openSync(path.dirname(file), "r");
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}
