/**
 * Group commit of leads on SQLite (lead-store.ts: LeadWrites): the writes of one I/O poll
 * (setImmediate) share one transaction, so one disk sync (synchronous=FULL) makes a group
 * durable. node:sqlite's own statements, prepared once: a group runs without an await. Each
 * piece of work has its own savepoint, so one that throws fails alone; a promise resolves only
 * after COMMIT has returned. A group takes the connection in turn with the query layer
 * (`exclusive`), never inside another transaction. A write lock held by another process is
 * retried after growing pauses, up to the lock wait (then DatabaseUnavailable, 503); the file
 * is checked before and after each group, so no lead written into a deleted file resolves.
 */
import type { SQLInputValue, StatementSync } from "node:sqlite";
import { assertDatabaseFile, exclusive, lockWaitOf, rollbackQuietly, type SqliteDatabase } from "../db/database.ts";
import { DatabaseUnavailable, isBusy } from "../db/errors.ts";
import { timedCommit } from "../db/commit-timing.ts";
import type { Handoff } from "../outbox/handoff.ts";
import { leadEntries, leadRow, settle, type LeadWrites, type Outcome, type Settler } from "./lead-store.ts";

interface Job extends Settler {
  work: () => unknown;
  /** Until when it may wait for the write lock (ms since the epoch). */
  deadline: number;
}

export function createGroupCommit(db: SqliteDatabase, { maxGroup = 1000 } = {}) {
  let queue: Job[] = [];
  let scheduled = false;
  let retry: NodeJS.Timeout | undefined;
  let pause = 2;

  /** Writes one group; false when the write lock is held elsewhere (nothing was written). */
  const commitGroup = (group: Job[]): boolean => {
    const outcomes: Outcome<unknown>[] = [];
    try {
      assertDatabaseFile(db);
      try {
        db.exec("BEGIN IMMEDIATE");
      } catch (error) {
        if (isBusy(error)) return false;
        throw error;
      }
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
      timedCommit("sqlite", () => db.exec("COMMIT"));
      assertDatabaseFile(db);
    } catch (error) {
      rollbackQuietly(db);
      for (const job of group) job.reject(error);
      return true;
    }
    settle(group, outcomes);
    return true;
  };

  /** Rejects the work that has waited for the lock as long as it may. */
  const giveUp = (now: number) => {
    const expired = queue.filter((job) => job.deadline <= now);
    if (!expired.length) return;
    queue = queue.filter((job) => job.deadline > now);
    const error = new DatabaseUnavailable("busy", "the database is locked by another process (SQLITE_BUSY)");
    for (const job of expired) job.reject(error);
  };

  /** Writes the queue group by group; on a held lock waits and tries again, unless `once`. */
  const write = (once: boolean) =>
    exclusive(db, () => {
      scheduled = false;
      retry = undefined;
      while (queue.length > 0) {
        const group = queue.slice(0, maxGroup);
        if (commitGroup(group)) {
          queue = queue.slice(group.length);
          pause = 2;
          continue;
        }
        giveUp(once ? Infinity : Date.now());
        if (queue.length) retry = setTimeout(() => void write(false), pause);
        pause = Math.min(pause * 2, 100);
        return;
      }
    });

  return {
    /** Runs `work` inside the next group's transaction; resolves with its result once committed. */
    run<T>(work: () => T) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: never) => void, reject, deadline: Date.now() + lockWaitOf(db) });
        if (!scheduled && !retry) {
          scheduled = true;
          setImmediate(() => void write(false));
        }
      });
    },
    /** Writes everything queued now (also used on shutdown); a held lock rejects it at once. */
    flush() {
      clearTimeout(retry);
      retry = undefined;
      return write(true);
    },
    /** Pieces of work waiting for the next group. */
    get queued() {
      return queue.length;
    },
  };
}

/** Leads on SQLite: each lead's row and outbox rows inside its own savepoint of the group's transaction. */
export function sqliteLeadWrites(db: SqliteDatabase, handoff: Handoff): LeadWrites {
  // Prepared once, named after the first row's columns (every row of a table has the same).
  // Bound by position, not by name: naming a parameter costs a lookup per column and run,
  // 6 µs of a leads row's 10 (bench:contact).
  const statements = new Map<string, { statement: StatementSync; names: string[] }>();
  /** Inserts `row`; the first row RETURNING gives, if any. */
  const insert = (table: "leads" | "outbox", row: Record<string, SQLInputValue>, returning = "") => {
    let prepared = statements.get(table);
    if (!prepared) {
      const names = Object.keys(row);
      const statement = db.prepare(`INSERT INTO ${table} (${names}) VALUES (${names.map(() => "?")})${returning}`);
      statements.set(table, (prepared = { statement, names }));
    }
    return prepared.statement.get(...prepared.names.map((name) => row[name]));
  };
  const group = createGroupCommit(db);
  return {
    add: (job) =>
      group.run(() => {
        const { id } = insert("leads", leadRow(job), " RETURNING id") as { id: number };
        for (const entry of leadEntries(job, id, handoff)) insert("outbox", entry);
        return { id };
      }),
    flush: () => group.flush(),
  };
}
