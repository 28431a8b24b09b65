/**
 * Group commit: writes that arrive together share one transaction, so one disk sync
 * (synchronous=FULL) makes a whole group durable instead of paying one sync per lead.
 *
 * `run(work)` queues the work and returns a promise; the queue is written at the next turn of
 * the event loop (setImmediate), so every request that arrived in the same I/O poll joins the
 * same group. Each piece of work runs inside its own savepoint: one that throws is rolled
 * back and rejected alone while the rest of its group commits. The promise resolves only
 * after COMMIT has returned, so an answer sent after it never reports a row that is not on
 * disk. node:sqlite is synchronous, so a group runs start to finish without interleaving with
 * any other transaction on the connection.
 */
import type { Database } from "../db/database.ts";

export interface GroupCommit {
  /** Runs `work` inside the next group's transaction; resolves with its result once committed. */
  run<T>(work: () => T): Promise<T>;
  /** Writes everything queued now (also used on shutdown). */
  flush(): void;
  /** Pieces of work waiting for the next group. */
  readonly queued: number;
}

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export function createGroupCommit(db: Database, { maxGroup = 1000 } = {}): GroupCommit {
  let queue: Job[] = [];
  let scheduled = false;

  const commitGroup = (group: Job[]) => {
    const outcomes: Outcome[] = [];
    try {
      db.exec("BEGIN IMMEDIATE");
      for (const job of group) {
        db.exec("SAVEPOINT job");
        try {
          outcomes.push({ ok: true, value: job.work() });
          db.exec("RELEASE job");
        } catch (error) {
          db.exec("ROLLBACK TO job");
          db.exec("RELEASE job");
          outcomes.push({ ok: false, error });
        }
      }
      db.exec("COMMIT");
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      for (const job of group) job.reject(error);
      return;
    }
    group.forEach((job, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  };

  const flush = () => {
    scheduled = false;
    while (queue.length > 0) {
      const group = queue.slice(0, maxGroup);
      queue = queue.slice(group.length);
      commitGroup(group);
    }
  };

  return {
    run<T>(work: () => T) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    flush,
    get queued() {
      return queue.length;
    },
  };
}
