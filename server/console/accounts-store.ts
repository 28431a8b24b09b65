/** The console's accounts (console_users, made by `npm run users`) and sessions (a hashed cookie id each). */
import type { Selectable } from "kysely";
import { transaction, type Db } from "../db/query.ts";
import type { ConsoleUsersTable } from "../db/schema.ts";

/** owner: everything; viewer: usage figures only; editor: the site's content only (no personal data). */
export type Role = "owner" | "viewer" | "editor";
export const roles: readonly Role[] = ["owner", "viewer", "editor"];

export type AccountStore = ReturnType<typeof accountStore>;

const toAccount = (row: Selectable<ConsoleUsersTable>) => ({
  id: row.id,
  email: row.email,
  /** The person's name as they read it (a new post's author); null until set. */
  name: row.name,
  role: row.role as Role,
  passwordHash: row.password_hash,
  totpSecret: row.totp_secret,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export type Account = ReturnType<typeof toAccount>;

/** A name as stored: trimmed, and null when nothing is left. */
const nameOrNull = (name: string | null | undefined) => name?.trim() || null;

/** How many rows a statement changed. */
const changes = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  Number(result.numUpdatedRows ?? result.numDeletedRows);

export function accountStore(db: Db) {
  const users = () => db.selectFrom("console_users").selectAll();
  const sessions = () => db.deleteFrom("console_sessions");
  const endSession = async (idHash: string) => void (await sessions().where("id_hash", "=", idHash).execute());
  return {
    async addAccount(
      { email, role, passwordHash, name }: { email: string; role: Role; passwordHash: string; name?: string | null },
      now: Date,
    ) {
      const at = now.toISOString();
      const added = {
        email: email.toLowerCase(),
        name: nameOrNull(name),
        role,
        password_hash: passwordHash,
        created_at: at,
        updated_at: at,
      };
      return toAccount(await db.insertInto("console_users").values(added).returningAll().executeTakeFirstOrThrow());
    },
    accounts: async () => (await users().orderBy("email").execute()).map(toAccount),
    async account(email: string): Promise<Account | undefined> {
      const row = await users().where("email", "=", email.toLowerCase()).executeTakeFirst();
      return row && toAccount(row);
    },
    /** Changes the password, TOTP secret, role or name (blank: none); returns false for an unknown address. */
    async updateAccount(
      email: string,
      { passwordHash, totpSecret, role, name }: Partial<Pick<Account, "passwordHash" | "totpSecret" | "role" | "name">>,
      now: Date,
    ) {
      const change = {
        password_hash: passwordHash,
        totp_secret: totpSecret,
        role,
        name: name === undefined ? undefined : nameOrNull(name),
        updated_at: now.toISOString(),
      };
      const update = db.updateTable("console_users").set(change).where("email", "=", email.toLowerCase());
      return changes(await update.executeTakeFirstOrThrow()) > 0;
    },
    /** Marks a TOTP step used (false: it or a later one was); one statement, so two instances cannot both take it. */
    async useTotpStep(accountId: number, step: number) {
      const update = db
        .updateTable("console_users")
        .set({ totp_last_step: step })
        .where("id", "=", accountId)
        .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]));
      return changes(await update.executeTakeFirstOrThrow()) > 0;
    },
    /** Removes the account and its sessions. */
    removeAccount: (email: string) =>
      transaction(db, async (tx) => {
        const ids = tx.selectFrom("console_users").select("id").where("email", "=", email.toLowerCase());
        await tx.deleteFrom("console_sessions").where("user_id", "in", ids).execute();
        const removed = tx.deleteFrom("console_users").where("email", "=", email.toLowerCase());
        return changes(await removed.executeTakeFirstOrThrow()) > 0;
      }),

    async addSession(idHash: string, accountId: number, now: Date) {
      const at = now.toISOString();
      await db
        .insertInto("console_sessions")
        .values({ id_hash: idHash, user_id: accountId, created_at: at, seen_at: at })
        .execute();
    },
    /** The account of a live session, its last use moved to `now`; an expired session is deleted (undefined). */
    async session(idHash: string, now: Date, limits: { idleMs: number; absoluteMs: number }) {
      const row = await db
        .selectFrom("console_sessions as s")
        .innerJoin("console_users as u", "u.id", "s.user_id")
        .selectAll("u")
        .select(["s.created_at as session_created_at", "s.seen_at as session_seen_at"])
        .where("s.id_hash", "=", idHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const idle = now.getTime() - Date.parse(row.session_seen_at);
      if (idle > limits.idleMs || now.getTime() - Date.parse(row.session_created_at) > limits.absoluteMs)
        return endSession(idHash);
      // One write a minute at most per session, not one per request.
      if (idle > 60_000)
        await db
          .updateTable("console_sessions")
          .set({ seen_at: now.toISOString() })
          .where("id_hash", "=", idHash)
          .execute();
      return toAccount(row);
    },
    endSession,
    /** Ends every session of the account; returns how many. */
    endSessionsOf: async (accountId: number) =>
      changes(await sessions().where("user_id", "=", accountId).executeTakeFirstOrThrow()),
  };
}
