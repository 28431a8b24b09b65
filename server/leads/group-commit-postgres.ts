/**
 * Group commit of leads on PostgreSQL, as group-commit.ts on SQLite: the leads of one turn of the
 * event loop share one transaction (one WAL flush), resolved only after COMMIT; one group in
 * flight per process. A group that fails on one lead's data (SQLSTATE class 22 or 23) is written
 * again lead by lead, so only that one is rejected; any other failure rejects the whole group
 * (though a COMMIT whose answer was lost may still have stored it).
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

interface Entry extends Settler {
  job: LeadJob;
}

const maxGroup = 1000;
const isDataError = (error: unknown) => /^2[23]/.test(String((error as { code?: unknown }).code ?? ""));

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
  let queue: Entry[] = [];
  let draining: Promise<void> | undefined;

  async function commitGroup(group: Entry[]) {
    let outcomes: Outcome<{ id: number }>[];
    try {
      const jobs = group.map((entry) => entry.job);
      outcomes = await pgTransaction(pool, (client) => writeLeads(client, jobs, handoff));
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
    add: (job) =>
      new Promise((resolve, reject) => {
        queue.push({ job, resolve: resolve as (value: never) => void, reject });
        void start();
      }),
    async flush() {
      while (draining || queue.length > 0) await start();
    },
  };
}
