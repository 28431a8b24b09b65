/**
 * UsageReadings answered by worker threads, each with its own read-only connection to the SQLite
 * file (usage-worker-thread.ts): the report's aggregates take seconds over two years of data,
 * and the server's event loop must keep answering leads and pages meanwhile. Started at the
 * first reading, so commands and tests that never report start no thread.
 */
import { Worker } from "node:worker_threads";
import type { ReadingRequest } from "./usage-worker-thread.ts";
import type { UsageReadings } from "./usage-report.ts";

/** Readings with a deadline (epoch ms) after which the worker skips them. */
export type TimedReadings = UsageReadings & { withDeadline(deadline: number): UsageReadings; close(): Promise<void> };

const methods: (keyof UsageReadings)[] = [
  "pageViews",
  "pageViewsPerDay",
  "visitors",
  "beaconCount",
  "percentiles",
  "vitalsPerDay",
  "videoPlays",
  "visitGroups",
  "visitsPerDay",
  "visitDimensions",
  "visitorActivity",
];

/**
 * Readings through `threads` workers, each with its own connection: a console request's two
 * reports (the range and the one before) then read at once, on two cores (usage-runner.ts lets
 * two readings through at a time). A reading goes to the worker with the fewest waiting.
 */
export function workerUsageReadings(file: string, { threads = 2 } = {}): TimedReadings {
  const workers: ({ thread: Worker; waiting: number } | undefined)[] = Array(threads).fill(undefined);
  let nextId = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; slot: number }>();
  const start = (slot: number) => {
    const started = new Worker(new URL("./usage-worker-thread.ts", import.meta.url), { workerData: { file } });
    const entry = { thread: started, waiting: 0 };
    started.unref();
    started.on("message", ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const waiting = pending.get(id);
      pending.delete(id);
      entry.waiting--;
      if (error === undefined) waiting?.resolve(result);
      else waiting?.reject(new Error(error === "expired" ? "usage reading skipped: its report was given up" : error));
    });
    const fail = (error: Error) => {
      for (const [id, waiting] of pending)
        if (waiting.slot === slot) {
          pending.delete(id);
          waiting.reject(error);
        }
      if (workers[slot] === entry) workers[slot] = undefined;
    };
    started.on("error", fail);
    started.on("exit", (code) => fail(new Error(`the usage worker stopped (exit code ${code})`)));
    return entry;
  };
  const ask = (method: keyof UsageReadings, args: unknown[], deadline: number) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      // The least busy worker; an empty slot counts as idle and is started.
      let slot = 0;
      for (let i = 1; i < threads; i++) if ((workers[i]?.waiting ?? 0) < (workers[slot]?.waiting ?? 0)) slot = i;
      const worker = (workers[slot] ??= start(slot));
      pending.set(id, { resolve, reject, slot });
      worker.waiting++;
      worker.thread.postMessage({ id, method, args, deadline } satisfies ReadingRequest);
    });
  const withDeadline = (deadline: number) =>
    Object.fromEntries(
      methods.map((method) => [method, (...args: unknown[]) => ask(method, args, deadline)]),
    ) as unknown as UsageReadings;
  return {
    ...withDeadline(Infinity),
    withDeadline,
    async close() {
      const running = workers.splice(0, threads, ...Array(threads).fill(undefined));
      await Promise.all(running.map((worker) => worker?.thread.terminate()));
    },
  };
}
