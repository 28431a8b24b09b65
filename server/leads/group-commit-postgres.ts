/**
 * Group commit on PostgreSQL, as group-commit.ts does on SQLite: the leads that arrive in the
 * same turn of the event loop are written in one transaction on one pooled connection, so a
 * burst shares one WAL flush, and every promise resolves only after COMMIT has returned. While
 * a group commits, the next one gathers; one group is in flight per process.
 *
 * A group is written by `write` in a few statements whatever its size (multi-row inserts).
 * When that fails on the data of one lead (SQLSTATE class 22 or 23), the group is rolled back
 * and each lead is written again in a transaction of its own, so only the bad one is rejected.
 * Any other failure (the database is down, COMMIT failed) rejects the whole group: nothing of
 * it is reported as stored, though a COMMIT whose answer was lost may still have stored it.
 */
import { pgTransaction, type Pool, type PoolClient } from "../db/postgres.ts";

export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface PostgresGroupCommit<J, R> {
  /** Queues the job for the next group; resolves with its result once that group committed. */
  run(job: J): Promise<R>;
  /** Resolves once everything queued now is written (also used on shutdown). */
  flush(): Promise<void>;
  readonly queued: number;
}

interface Entry<J> {
  job: J;
  resolve: (value: never) => void;
  reject: (error: unknown) => void;
}

const isDataError = (error: unknown) => /^2[23]/.test(String((error as { code?: unknown }).code ?? ""));

export function createPostgresGroupCommit<J, R>(
  pool: Pool,
  write: (client: PoolClient, jobs: J[]) => Promise<Outcome<R>[]>,
  { maxGroup = 1000 } = {},
): PostgresGroupCommit<J, R> {
  let queue: Entry<J>[] = [];
  let draining: Promise<void> | undefined;

  const inTransaction = (jobs: J[]): Promise<Outcome<R>[]> => pgTransaction(pool, (client) => write(client, jobs));

  async function commitGroup(group: Entry<J>[]) {
    let outcomes: Outcome<R>[];
    try {
      outcomes = await inTransaction(group.map((entry) => entry.job));
    } catch (error) {
      if (!isDataError(error) || group.length === 1) {
        for (const entry of group) entry.reject(error);
        return;
      }
      // One lead's data broke the group: write each alone, so only that one fails.
      for (const entry of group) await commitGroup([entry]);
      return;
    }
    group.forEach((entry, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) entry.resolve(outcome.value as never);
      else entry.reject(outcome.error);
    });
  }

  async function drain() {
    // Let the rest of this turn's requests join the first group.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) {
      const group = queue.slice(0, maxGroup);
      queue = queue.slice(group.length);
      await commitGroup(group);
    }
  }

  const start = () => {
    draining ??= drain().finally(() => {
      draining = undefined;
      if (queue.length > 0) start();
    });
    return draining;
  };

  return {
    run(job) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ job, resolve: resolve as (value: never) => void, reject });
        void start();
      });
    },
    async flush() {
      while (draining || queue.length > 0) await start();
    },
    get queued() {
      return queue.length;
    },
  };
}
