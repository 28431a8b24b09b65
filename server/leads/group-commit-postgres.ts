/**
 * Group commit of leads on PostgreSQL, as group-commit.ts does on SQLite: the leads that arrive in the
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
import type { Handoff } from "../outbox/handoff.ts";
import {
  leadEntries,
  leadRow,
  settle,
  type LeadJob,
  type LeadWrites,
  type Outcome,
  type Settler,
} from "./lead-store.ts";

interface Entry<J> extends Settler {
  job: J;
}

const isDataError = (error: unknown) => /^2[23]/.test(String((error as { code?: unknown }).code ?? ""));

function createPostgresGroupCommit<J, R>(
  pool: Pool,
  write: (client: PoolClient, jobs: J[]) => Promise<Outcome<R>[]>,
  { maxGroup = 1000 } = {},
) {
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
    settle(group, outcomes);
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
    /** Queues the job for the next group; resolves with its result once that group committed. */
    run(job: J) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ job, resolve: resolve as (value: never) => void, reject });
        void start();
      });
    },
    /** Resolves once everything queued now is written (also used on shutdown). */
    async flush() {
      while (draining || queue.length > 0) await start();
    },
  };
}

/**
 * A group's rows as one statement per table, whatever its size: `unnest` of one array per
 * column, the statement's text (so its plan) the same for every group (a prepared statement).
 */
function insertMany(table: string, rows: Record<string, unknown>[], types: Record<string, string>) {
  const names = Object.keys(rows[0]);
  const arrays = names.map((name, i) => `$${i + 1}::${types[name] ?? "text"}[]`);
  return {
    name: `lead_group_${table}`,
    text: `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays})`,
    values: names.map((name) => rows.map((row) => row[name])),
  };
}

/** One group of leads: ids first (the mails name them), then every lead, and every mail or request, in one statement each. */
async function writeLeads(client: PoolClient, jobs: LeadJob[], handoff: Handoff): Promise<Outcome<{ id: number }>[]> {
  const { rows } = await client.query<{ id: string }>({
    name: "lead_group_ids",
    text: "SELECT nextval('leads_id_seq') AS id FROM generate_series(1, $1)",
    values: [jobs.length],
  });
  const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  const outcomes: Outcome<{ id: number }>[] = [];
  const leads: Record<string, unknown>[] = [];
  const entries: Record<string, unknown>[] = [];
  jobs.forEach((job, i) => {
    try {
      entries.push(...leadEntries(job, ids[i], handoff));
      leads.push({ id: ids[i], ...leadRow(job) });
      outcomes.push({ ok: true, value: { id: ids[i] } });
    } catch (error) {
      outcomes.push({ ok: false, error });
    }
  });
  if (leads.length === 0) return outcomes;
  await client.query(insertMany("leads", leads, { id: "bigint", created_at: "timestamptz" }));
  const times = { created_at: "timestamptz", next_attempt_at: "timestamptz", mail: "jsonb", priority: "int" };
  await client.query(insertMany("outbox", entries, times));
  return outcomes;
}

export function postgresLeadWrites(pool: Pool, handoff: Handoff): LeadWrites {
  const group = createPostgresGroupCommit(pool, (client, jobs: LeadJob[]) => writeLeads(client, jobs, handoff));
  return { add: (job) => group.run(job), flush: () => group.flush() };
}
