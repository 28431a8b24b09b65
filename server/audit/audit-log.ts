/** The audit log (console_audit): what the team and the operators' commands did, and strangers' failed sign-ins. */
import { sql } from "kysely";
import type { AuditKind } from "#common/console-audit.ts";
import type { Db } from "../db/query.ts";
import { actionsOf, type AuditAction } from "./audit-kinds.ts";

export interface AuditEntry {
  at: string;
  /** The account's e-mail address, or the address a failed sign-in named (`severalAccounts`: more than one). */
  account: string;
  /** The client's IP address. */
  address: string;
  action: AuditAction;
  detail: string;
  /** How many times it happened in its minute (auditRepeated); 1 for the others. */
  count?: number;
}

/** The account of a counted row whose attempts named more than one. */
export const severalAccounts = "(several)";

export type AuditLog = ReturnType<typeof auditLogStore>;

export function auditLogStore(db: Db) {
  return {
    async audit({ at, account, address, action, detail }: AuditEntry) {
      await db.insertInto("console_audit").values({ at, account, address, action, detail }).execute();
    },
    /**
     * An entry that may come in floods (failed sign-ins), counted atomically in one row per action, address, detail
     * and UTC minute, never per account (a name the client chooses); past `perHour` rows of the address and action in
     * an hour, one more row, "… and N more this hour", counts the rest of that hour.
     */
    async auditRepeated({ at, account, address, action, detail }: AuditEntry, { perHour }: { perHour: number }) {
      const minute = JSON.stringify([at.slice(0, 16), action, address, detail]);
      const rest = JSON.stringify([at.slice(0, 13), action, address, "more"]);
      const thisHour = db
        .selectFrom("console_audit")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("address", "=", address)
        .where("action", "=", action)
        .where("at", ">=", `${at.slice(0, 13)}:00:00.000Z`);
      // One statement, so it decides on one snapshot; two instances each starting a new minute at the limit at once
      // may each add one row.
      await db
        .insertInto("console_audit")
        .values((eb) => {
          const ownRow = db.selectFrom("console_audit").select("id").where("bucket", "=", minute);
          const own = eb.or([eb.exists(ownRow), eb(thisHour, "<", perHour)]);
          return {
            at,
            account,
            address,
            action,
            detail: eb.case().when(own).then(detail).else("… and 1 more this hour").end(),
            bucket: eb.case().when(own).then(minute).else(rest).end(),
          };
        })
        .onConflict((conflict) =>
          conflict.column("bucket").doUpdateSet((eb) => ({
            times: eb("console_audit.times", "+", 1),
            detail: sql<string>`CASE WHEN console_audit.bucket = ${rest}
              THEN '… and ' || (console_audit.times + 1) || ' more this hour' ELSE console_audit.detail END`,
            // The account stays while every attempt names the same one.
            account: sql<string>`CASE WHEN console_audit.account = excluded.account
              THEN console_audit.account ELSE ${severalAccounts} END`,
          })),
        )
        .execute();
    },
    /** Newest first, each with its count; only the actions of `kind` (default: all). */
    async auditLog({ limit, offset }: { limit: number; offset: number }, kind: AuditKind = "all") {
      const actions = actionsOf(kind);
      const rows = await db
        .selectFrom("console_audit")
        .select(["at", "account", "address", "action", "detail", "times as count"])
        .$if(actions !== undefined, (query) => query.where("action", "in", actions!))
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return rows as Required<AuditEntry>[];
    },
    /** Deletes the entries before `before`; returns how many. */
    async pruneAudit(before: Date) {
      const prune = db.deleteFrom("console_audit").where("at", "<", before.toISOString());
      return Number((await prune.executeTakeFirstOrThrow()).numDeletedRows);
    },
  };
}
