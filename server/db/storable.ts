/**
 * A statement's parameter holding text no database of ours can store (common/storable-text.ts) is InputRefused on
 * both engines: PostgreSQL would refuse NUL in its own words, and both would turn half a surrogate pair into U+FFFD.
 */
import type { DatabaseSync } from "node:sqlite";
import type { Pool, PoolClient } from "pg";
import { findUnstorable } from "#common/storable-text.ts";
import { InputRefused } from "./errors.ts";

/** InputRefused for the first parameter that cannot be stored, else undefined. */
export function unstorableParameter(parameters: readonly unknown[]): InputRefused | undefined {
  const found = findUnstorable(parameters);
  return (
    found &&
    new InputRefused(`A value holds a character that cannot be stored (${found.codePoint}); nothing was written.`)
  );
}

const statementMethods = ["run", "get", "all", "iterate"] as const;

/** Every statement `db` prepares from now on checks its parameters first. */
export function refuseUnstorableOnSqlite(db: DatabaseSync): void {
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => {
    const statement = prepare(sql);
    for (const method of statementMethods) {
      const run = (statement[method] as (...args: unknown[]) => unknown).bind(statement);
      (statement[method] as unknown) = (...args: unknown[]) => {
        const refused = unstorableParameter(args);
        if (refused) throw refused;
        return run(...args);
      };
    }
    return statement;
  };
}

/** pg's query(text | config, values?, callback?): the parameters, wherever they were given. */
function parametersOf(args: unknown[]): unknown[] | undefined {
  const [first, second] = args;
  if (Array.isArray(second)) return second;
  const values = (first as { values?: unknown } | null)?.values;
  return Array.isArray(values) ? values : undefined;
}

type Query = (...args: unknown[]) => unknown;

function checkedQuery<T>(original: T): T {
  const query = original as Query;
  return ((...args: unknown[]) => {
    const parameters = parametersOf(args);
    const refused = parameters && unstorableParameter(parameters);
    if (!refused) return query(...args);
    const callback = args.find((arg) => typeof arg === "function") as ((error: Error) => void) | undefined;
    if (!callback) return Promise.reject(refused);
    process.nextTick(callback, refused);
    return undefined;
  }) as unknown as T;
}

/** The pool's queries and those of every connection it gives out (transactions) check their parameters first. */
export function refuseUnstorableOnPostgres(pool: Pool): void {
  // Refused before a connection is checked out, so none is spent on it.
  pool.query = checkedQuery(pool.query.bind(pool));
  pool.on("connect", (client: PoolClient) => void (client.query = checkedQuery(client.query.bind(client))));
}
