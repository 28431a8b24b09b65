/**
 * Another process holding the SQLite write lock, as a backup tool or an operator's `sqlite3`
 * shell would: a child process with node:sqlite in BEGIN IMMEDIATE until `release()`.
 */
import { spawn } from "node:child_process";

const holder = `
import { DatabaseSync } from "node:sqlite";
const db = new DatabaseSync(process.argv[1]);
db.exec("PRAGMA busy_timeout = 10000; BEGIN IMMEDIATE; CREATE TABLE IF NOT EXISTS lock_holder (x); INSERT INTO lock_holder VALUES (1);");
process.stdout.write("locked\\n");
process.stdin.resume();
process.stdin.on("end", () => { db.exec("ROLLBACK"); db.close(); process.exit(0); });
`;

export interface LockHolder {
  pid: number;
  /** Rolls back and exits; resolves when the process is gone. */
  release(): Promise<void>;
}

/** Resolves once the child holds the write lock on `file`. */
export function holdWriteLock(file: string): Promise<LockHolder> {
  const child = spawn(process.execPath, ["--input-type=module", "-e", holder, file], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`lock holder exited with ${code} before locking`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      if (!String(chunk).includes("locked")) return;
      resolve({
        pid: child.pid!,
        release() {
          child.stdin!.end();
          return exited;
        },
      });
    });
  });
}
