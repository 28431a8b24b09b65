/** The newsletter secret's file in DATA_DIR (SQLite, one instance) and the one way it is written: whole or not at all. */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeFileSync } from "node:fs";
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
  writeFileSync(temporary, text, { mode: 0o600 });
  fsyncPath(temporary);
  renameSync(temporary, file);
  fsyncPath(path.dirname(file));
}

/** Syncs a file or folder (after a rename into it) to the disk. */
export function fsyncPath(file: string): void {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
