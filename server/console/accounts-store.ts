/**
 * The console's own tables: its accounts (console_users) and their sessions (console_sessions),
 * migrations 0300-0319. Accounts are made by `npm run users`; a session is a hashed cookie id.
 */
import type { Selectable } from "kysely";
import { transaction, type Db } from "../db/query.ts";
import type { ConsoleUsersTable } from "../db/schema.ts";

/** owner: everything; viewer: usage figures only; editor: the site's content only (no personal data). */
export type Role = "owner" | "viewer" | "editor";
export const roles: readonly Role[] = ["owner", "viewer", "editor"];

export interface Account {
  id: number;
  email: string;
  role: Role;
  passwordHash: string;
  totpSecret: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AccountStore {
  addAccount(account: { email: string; role: Role; passwordHash: string }, now: Date): Promise<Account>;
  accounts(): Promise<Account[]>;
  account(email: string): Promise<Account | undefined>;
  /** Changes the password, TOTP secret or role; returns false for an unknown address. */
  updateAccount(
    email: string,
    change: Partial<Pick<Account, "passwordHash" | "totpSecret" | "role">>,
    now: Date,
  ): Promise<boolean>;
  /**
   * Marks a TOTP time step of the account used; false when it or a later one was used already.
   * One atomic check-and-set in the database, so two instances cannot both take one code.
   */
  useTotpStep(accountId: number, step: number): Promise<boolean>;
  /** Removes the account and its sessions. */
  removeAccount(email: string): Promise<boolean>;

  addSession(idHash: string, accountId: number, now: Date): Promise<void>;
  /**
   * The account of a live session, its last use moved to `now`; a session idle longer than
   * `idleMs` or older than `absoluteMs` is deleted and gives undefined.
   */
  session(idHash: string, now: Date, limits: { idleMs: number; absoluteMs: number }): Promise<Account | undefined>;
  endSession(idHash: string): Promise<void>;
  /** Ends every session of the account; returns how many. */
  endSessionsOf(accountId: number): Promise<number>;
}

const toAccount = (row: Selectable<ConsoleUsersTable>): Account => ({
  id: row.id,
  email: row.email,
  role: row.role as Role,
  passwordHash: row.password_hash,
  totpSecret: row.totp_secret,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const changed = ({ numUpdatedRows }: { numUpdatedRows: bigint }) => numUpdatedRows > 0n;

export function accountStore(db: Db): AccountStore {
  const endSession = async (idHash: string) => {
    await db.deleteFrom("console_sessions").where("id_hash", "=", idHash).execute();
  };
  return {
    async addAccount({ email, role, passwordHash }, now) {
      const at = now.toISOString();
      const row = await db
        .insertInto("console_users")
        .values({ email: email.toLowerCase(), role, password_hash: passwordHash, created_at: at, updated_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toAccount(row);
    },
    accounts: async () => (await db.selectFrom("console_users").selectAll().orderBy("email").execute()).map(toAccount),
    async account(email) {
      const row = await db
        .selectFrom("console_users")
        .selectAll()
        .where("email", "=", email.toLowerCase())
        .executeTakeFirst();
      return row && toAccount(row);
    },
    async updateAccount(email, { passwordHash, totpSecret, role }, now) {
      const result = await db
        .updateTable("console_users")
        .set({ password_hash: passwordHash, totp_secret: totpSecret, role, updated_at: now.toISOString() })
        .where("email", "=", email.toLowerCase())
        .executeTakeFirstOrThrow();
      return changed(result);
    },
    async useTotpStep(accountId, step) {
      // One statement: the row lock makes the check and the set one step on both engines.
      const result = await db
        .updateTable("console_users")
        .set({ totp_last_step: step })
        .where("id", "=", accountId)
        .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
        .executeTakeFirstOrThrow();
      return changed(result);
    },
    removeAccount: (email) =>
      transaction(db, async (tx) => {
        const users = tx.selectFrom("console_users").select("id").where("email", "=", email.toLowerCase());
        await tx.deleteFrom("console_sessions").where("user_id", "in", users).execute();
        const { numDeletedRows } = await tx
          .deleteFrom("console_users")
          .where("email", "=", email.toLowerCase())
          .executeTakeFirstOrThrow();
        return numDeletedRows > 0n;
      }),

    async addSession(idHash, accountId, now) {
      const at = now.toISOString();
      await db
        .insertInto("console_sessions")
        .values({ id_hash: idHash, user_id: accountId, created_at: at, seen_at: at })
        .execute();
    },
    async session(idHash, now, { idleMs, absoluteMs }) {
      const row = await db
        .selectFrom("console_sessions as s")
        .innerJoin("console_users as u", "u.id", "s.user_id")
        .selectAll("u")
        .select(["s.created_at as session_created_at", "s.seen_at as session_seen_at"])
        .where("s.id_hash", "=", idHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const seen = Date.parse(row.session_seen_at);
      if (now.getTime() - seen > idleMs || now.getTime() - Date.parse(row.session_created_at) > absoluteMs) {
        await endSession(idHash);
        return undefined;
      }
      // One write a minute at most per session, not one per request.
      if (now.getTime() - seen > 60_000)
        await db
          .updateTable("console_sessions")
          .set({ seen_at: now.toISOString() })
          .where("id_hash", "=", idHash)
          .execute();
      return toAccount(row);
    },
    endSession,
    async endSessionsOf(accountId) {
      const { numDeletedRows } = await db
        .deleteFrom("console_sessions")
        .where("user_id", "=", accountId)
        .executeTakeFirstOrThrow();
      return Number(numDeletedRows);
    },
  };
}
