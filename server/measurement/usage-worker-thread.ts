/** The usage readings on a read-only SQLite connection of their own, in a worker thread (usage-worker.ts). */
import { setPriority } from "node:os";
import { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import { sqliteQueries } from "../db/query.ts";
import { usageReadings } from "./usage-readings.ts";
import type { UsageReadings } from "./usage-report.ts";

export interface ReadingRequest {
  id: number;
  method: keyof UsageReadings;
  args: unknown[];
  /** Epoch ms after which the report has been given up: the reading is skipped. */
  deadline: number;
}

// The lowest CPU priority, for this thread only (on Linux a nice value belongs to a thread, and
// pid 0 is the calling one): with reports running, the event loop answering leads and pages
// goes first on a busy machine. Where the system refuses, the readings run at the usual priority.
try {
  setPriority(19);
} catch {
  // Refused (some containers): no change.
}

const db = new DatabaseSync((workerData as { file: string }).file, { readOnly: true });
// The server's writer holds the lock only for a batch's commit: wait for it rather than fail.
db.exec("PRAGMA busy_timeout = 5000");
const readings = usageReadings(sqliteQueries(db));

parentPort!.on("message", async ({ id, method, args, deadline }: ReadingRequest) => {
  if (Date.now() > deadline) return parentPort!.postMessage({ id, error: "expired" });
  try {
    parentPort!.postMessage({ id, result: await (readings[method] as (...a: unknown[]) => unknown)(...args) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
