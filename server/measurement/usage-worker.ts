/**
 * UsageReadings answered by a worker thread with its own read-only connection to the SQLite
 * file (usage-worker-thread.ts): the report's aggregates take seconds over two years of data,
 * and the server's event loop must keep answering leads and pages meanwhile. Started at the
 * first reading, so commands and tests that never report start no thread. One thread: with two
 * (a request's two reports at once) the 30-day request was no faster once its readings took
 * ~90 ms, and leads' p99 under five 2-year reports rose more (bench/results/usage.md).
 */
import { Worker } from "node:worker_threads";
import type { ReadingRequest } from "./usage-worker-thread.ts";
import type { UsageReadings } from "./usage-report.ts";

/** Readings with a deadline (epoch ms) after which the worker skips them. */
export type TimedReadings = UsageReadings & { withDeadline(deadline: number): UsageReadings; close(): Promise<void> };

export function workerUsageReadings(file: string): TimedReadings {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const start = () => {
    const started = new Worker(new URL("./usage-worker-thread.ts", import.meta.url), { workerData: { file } });
    started.unref();
    started.on("message", ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (error === undefined) waiting?.resolve(result);
      else waiting?.reject(new Error(error === "expired" ? "usage reading skipped: its report was given up" : error));
    });
    const fail = (error: Error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      worker = undefined;
    };
    started.on("error", fail);
    started.on("exit", (code) => fail(new Error(`the usage worker stopped (exit code ${code})`)));
    return started;
  };
  const ask = (method: keyof UsageReadings, args: unknown[], deadline: number) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker ??= start();
      worker.postMessage({ id, method, args, deadline } satisfies ReadingRequest);
    });
  // Any reading's name is sent on as it is: the thread answers it from its own UsageReadings.
  const asking = <T extends object>(deadline: number, own: T) =>
    new Proxy(own, {
      get: (target, key) =>
        key in target || typeof key !== "string"
          ? Reflect.get(target, key)
          : (...args: unknown[]) => ask(key as keyof UsageReadings, args, deadline),
    }) as T & UsageReadings;
  return asking(Infinity, {
    withDeadline: (deadline: number) => asking(deadline, {}),
    async close() {
      await worker?.terminate();
      worker = undefined;
    },
  });
}
