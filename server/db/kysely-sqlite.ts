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

class NodeSqliteConnection implements DatabaseConnection {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, Prepared>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  #prepare(text: string): Prepared {
    let prepared = this.#statements.get(text);
    if (prepared) {
      // Most recently used last, so the oldest is dropped first.
      this.#statements.delete(text);
    } else {
      const statement = this.#db.prepare(text);
      prepared = { statement, reads: statement.columns().length > 0 };
      if (this.#statements.size >= cachedStatements) this.#statements.delete(this.#statements.keys().next().value!);
    }
    this.#statements.set(text, prepared);
    return prepared;
  }

  async executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    const { statement, reads } = this.#prepare(sql);
    const values = parameters.map(bindable);
    if (reads) return { rows: statement.all(...values) as R[] };
    const { changes, lastInsertRowid } = statement.run(...values);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  }

  // eslint-disable-next-line require-yield -- the stores never stream; Kysely's interface asks for it
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not used on SQLite: read a bounded page instead.");
  }
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

class NodeSqliteDriver implements Driver {
  readonly #db: DatabaseSync;
  readonly #connection: NodeSqliteConnection;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#connection = new NodeSqliteConnection(db);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {
    await beginImmediate(this.#db);
  }

  async commitTransaction(): Promise<void> {
    commit(this.#db);
  }

  async rollbackTransaction(): Promise<void> {
    rollbackQuietly(this.#db);
  }

  async releaseConnection(): Promise<void> {}

  /** The connection is the server's (engine.ts closes it), not Kysely's. */
  async destroy(): Promise<void> {}
}

/** Kysely's SQLite dialect on an open node:sqlite connection. */
export function nodeSqliteDialect(db: DatabaseSync): Dialect {
  return {
    createDriver: () => new NodeSqliteDriver(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: () => new SqliteAdapter(),
    createIntrospector: (kysely: Kysely<unknown>) => new SqliteIntrospector(kysely),
  };
}
