/**
 * Kysely on `node:sqlite` (Kysely's SQLite dialect is for better-sqlite3; the community one pins an older Kysely):
 * its compiler and adapter with a driver on the server's one DatabaseSync, so every query takes the connection in
 * turn (a transaction spans awaits; raw work asks with `exclusive`), a transaction is BEGIN IMMEDIATE retried off
 * the event loop with the file check around COMMIT, and statements are prepared once per text.
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";
import { timedCommit } from "./commit-timing.ts";
import { assertDatabaseFile, lockWaitOf, retryWhileBusy, rollbackQuietly } from "./database.ts";

/** How many prepared statements the connection keeps: more than the stores write, so none is prepared twice. */
const cachedStatements = 500;

const bindable = (value: unknown): SQLInputValue =>
  typeof value === "boolean" ? (value ? 1 : 0) : (value as SQLInputValue);

/** A prepared statement, and whether it answers rows (SELECT, or anything with RETURNING): asked once, not per run. */
interface Prepared {
  statement: StatementSync;
  reads: boolean;
}

function nodeSqliteConnection(db: DatabaseSync): DatabaseConnection {
  const statements = new Map<string, Prepared>();
  const prepare = (text: string): Prepared => {
    let prepared = statements.get(text);
    if (prepared) {
      // Most recently used last, so the oldest is dropped first.
      statements.delete(text);
    } else {
      const statement = db.prepare(text);
      prepared = { statement, reads: statement.columns().length > 0 };
      if (statements.size >= cachedStatements) statements.delete(statements.keys().next().value!);
    }
    statements.set(text, prepared);
    return prepared;
  };
  return {
    async executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
      const { statement, reads } = prepare(sql);
      const values = parameters.map(bindable);
      if (reads) return { rows: statement.all(...values) as R[] };
      const { changes, lastInsertRowid } = statement.run(...values);
      return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
    },
    // eslint-disable-next-line require-yield -- the stores never stream; Kysely's interface asks for it
    async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
      throw new Error("Streaming is not used on SQLite: read a bounded page instead.");
    },
  };
}

/** `PRAGMA busy_timeout`, prepared once per connection: every transaction asks it (it showed in bench:campaigns' profile). */
const busyTimeouts = new WeakMap<DatabaseSync, StatementSync>();

/**
 * `BEGIN IMMEDIATE` on `db`, never with a blocking wait for the lock: another connection of this process (a second
 * instance in the tests) may hold it across an await, and would wait for the event loop the blocking wait holds.
 */
export async function beginImmediate(db: DatabaseSync): Promise<void> {
  let asked = busyTimeouts.get(db);
  if (!asked) busyTimeouts.set(db, (asked = db.prepare("PRAGMA busy_timeout")));
  const { timeout } = asked.get() as { timeout: number };
  if (timeout) db.exec("PRAGMA busy_timeout = 0");
  try {
    await retryWhileBusy(
      () => {
        assertDatabaseFile(db);
        db.exec("BEGIN IMMEDIATE");
      },
      lockWaitOf(db) || timeout,
    );
  } finally {
    if (timeout) db.exec(`PRAGMA busy_timeout = ${timeout}`);
  }
}

export function commit(db: DatabaseSync): void {
  timedCommit("sqlite", () => db.exec("COMMIT"));
  // Committed into a file that is no longer at the path: as good as lost, not a success.
  assertDatabaseFile(db);
}

/** Kysely's SQLite dialect on an open node:sqlite connection. */
export function nodeSqliteDialect(db: DatabaseSync): Dialect {
  const connection = nodeSqliteConnection(db);
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: () => beginImmediate(db),
    commitTransaction: async () => commit(db),
    rollbackTransaction: async () => rollbackQuietly(db),
    releaseConnection: async () => {},
    // The connection is the server's (engine.ts closes it), not Kysely's.
    destroy: async () => {},
  };
  return {
    createDriver: () => driver,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: () => new SqliteAdapter(),
    createIntrospector: (kysely: Kysely<unknown>) => new SqliteIntrospector(kysely),
  };
}
