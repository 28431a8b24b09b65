/**
 * One server per DATA_DIR: two on one folder would double every per-process limit and race
 * each other's files, and a restore must not replace the database under a running server.
 * The lock is an exclusive SQLite lock on DATA_DIR/server.lock (an OS file lock, fcntl), so the
 * kernel releases it when the process ends however it ends: a SIGKILLed server leaves nothing
 * wedged. The holder's pid is written beside it (server.pid) for the refusal message.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { isBusy } from "./errors.ts";

/** The files of the lock in DATA_DIR (not database state: a zero-length database beside them is a new one). */
export const lockFiles = ["server.lock", "server.lock-journal", "server.pid"];

export interface DataDirLock {
  release(): void;
}

/**
 * Takes DATA_DIR's lock for this process, or returns the holder's pid (or "unknown") when
 * another process holds it. `what` is written as the holder ("server", "restore").
 */
export function lockDataDir(dataDir: string, what: string): DataDirLock | { heldBy: string } {
  const lock = new DatabaseSync(path.join(dataDir, "server.lock"));
  try {
    lock.exec("PRAGMA busy_timeout = 0; PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE");
  } catch (error) {
    lock.close();
    if (!isBusy(error)) throw error;
    let heldBy = "unknown";
    try {
      heldBy = readFileSync(path.join(dataDir, "server.pid"), "utf8").trim() || heldBy;
    } catch {
      // No pid file: the message says "unknown".
    }
    return { heldBy };
  }
  writeFileSync(path.join(dataDir, "server.pid"), `${what} ${process.pid}\n`);
  held.add(lock);
  return {
    release() {
      held.delete(lock);
      lock.close();
    },
  };
}

/** Locks live as long as the process (or until released): kept reachable here. */
const held = new Set<DatabaseSync>();
