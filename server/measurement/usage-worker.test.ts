// The usage worker thread runs at the lowest CPU priority, and only it: the thread answering
// leads and pages keeps its own (bench/results/usage.md: leads' p99 while reports run).
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { databaseFile, openDatabase } from "../db/database.ts";
import { workerUsageReadings } from "./usage-worker.ts";

/** Each thread's nice value, from /proc (field 19 of a task's stat). */
const niceValues = () =>
  readdirSync("/proc/self/task").map((tid) =>
    Number(readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1].split(" ")[16]),
  );

it("answers from a thread at nice 19 while the calling thread keeps its priority", async () => {
  const file = databaseFile(mkdtempSync(path.join(tmpdir(), "usage-worker-")));
  openDatabase(file).close();
  const before = niceValues().filter((nice) => nice === 19).length;
  const readings = workerUsageReadings(file);
  try {
    expect(await readings.beaconCount("2026-01-01", "2026-01-31")).toBe(0);
    expect(niceValues().filter((nice) => nice === 19).length).toBe(before + 1);
    expect(getPriority()).toBe(0);
    expect(await readings.withDeadline(Date.now() + 60_000).visitors("2026-01-01", "2026-01-31")).toBe(0);
    await expect(readings.withDeadline(0).visitors("2026-01-01", "2026-01-31")).rejects.toThrow(/skipped/);
  } finally {
    await readings.close();
  }
});
