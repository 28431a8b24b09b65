/**
 * One server (or restore) per DATA_DIR: two would double every per-process limit and race each other's files. An
 * exclusive SQLite lock on server.lock (an OS file lock), so the kernel releases it however the process ends.
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

/** Takes DATA_DIR's lock, written in server.pid as `what` ("server", "restore"), or says who holds it. */
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
