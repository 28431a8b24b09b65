/** Database failures as the server reports them: 503, 400, and SQLite's real cause for the logs. */

/** SQLite's primary result codes that an operator can act on, by number. */
const sqliteCodes: Record<number, string> = {
  3: "SQLITE_PERM",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  8: "SQLITE_READONLY",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  26: "SQLITE_NOTADB",
};

/** Why the instance cannot keep a lead now (the write lock is held elsewhere, or the file is gone); a 503. */
export class DatabaseUnavailable extends Error {
  readonly statusCode = 503;
  readonly reason: "busy" | "file";
  constructor(reason: "busy" | "file", message: string) {
    super(message);
    this.reason = reason;
  }
}

/**
 * Input refused before a database saw it: text it cannot store (common/storable-text.ts) or a day
 * the calendar does not have. Answered 400 with this message, which names the field when known.
 */
export class InputRefused extends Error {
  readonly statusCode = 400;
  readonly code = "INPUT_REFUSED";
}

export const isInputRefused = (error: unknown): error is InputRefused =>
  (error as { code?: unknown } | undefined)?.code === "INPUT_REFUSED";

interface SqliteError {
  code?: string;
  errcode?: number;
  errstr?: string;
  message?: string;
}

/** The SQLite result code of a node:sqlite error (its primary code, e.g. 5 for SQLITE_BUSY_SNAPSHOT too). */
const primaryCode = (error: unknown): number | undefined => {
  const errcode = (error as SqliteError | undefined)?.errcode;
  return typeof errcode === "number" ? errcode & 0xff : undefined;
};

/** Another connection holds the lock this statement needs. */
export const isBusy = (error: unknown): boolean => [5, 6].includes(primaryCode(error) ?? -1);

/** The real cause in a few words, for the log line of a failed write: "SQLITE_FULL: database or disk is full". */
export function describeDatabaseError(error: unknown): string {
  const e = error as SqliteError & { errno?: number };
  const code = primaryCode(error);
  if (code !== undefined) return `${sqliteCodes[code] ?? `SQLite error ${e.errcode}`}: ${e.errstr ?? e.message}`;
  if (typeof e?.code === "string" && e.code !== "ERR_SQLITE_ERROR")
    return e.message ? `${e.code}: ${e.message}` : e.code;
  return e?.message ?? String(error);
}
