/**
 * Imported subscribers in one transaction: with a consent date subscribed, else pending with the confirmation
 * waiting for the mailing list's release. An address on the list stays as it is (an unsubscribed one too).
 */
import { transaction, type Db } from "../db/query.ts";
import { mailboxOf } from "../leads/mailbox.ts";
import type { ImportRow } from "./import-rows.ts";

export interface ImportOutcome {
  /** Imported as confirmed (they gave consent). */
  confirmed: number;
  /** Imported as pending: a confirmation mail goes to each within the mail limits. */
  awaitingConfirmation: number;
  /** Already on the list, left as they were. */
  alreadyListed: number;
}

export interface SubscriberImportStore {
  importSubscribers(list: string, rows: readonly ImportRow[], now: Date): Promise<ImportOutcome>;
}

/** Rows per INSERT: 14 parameters each stays well below both engines' limit per statement. */
const rowsPerInsert = 500;

export function subscriberImportStore(db: Db): SubscriberImportStore {
  return {
    importSubscribers: (list, rows, now) =>
      transaction(db, async (tx) => {
        const at = now.toISOString();
        // The import's rows have distinct addresses (import-rows.ts), so the keys returned are the rows inserted.
        const inserted = new Set<string>();
        for (let start = 0; start < rows.length; start += rowsPerInsert) {
          const values = rows.slice(start, start + rowsPerInsert).map((row) => {
            const mailbox = mailboxOf(row.email);
            return {
              list,
              email: row.email,
              email_key: row.email.toLowerCase(),
              mailbox_key: mailbox.key,
              mailbox_domain: mailbox.domain,
              first_name: row.firstName,
              last_name: row.lastName,
              status: row.consentedAt ? "subscribed" : "pending",
              created_at: at,
              updated_at: at,
              requested_at: at,
              confirmed_at: row.consentedAt,
              confirm_waiting_since: row.consentedAt ? null : at,
              first_source: row.source,
            };
          });
          const keys = await tx
            .insertInto("subscribers")
            .values(values)
            .onConflict((oc) => oc.columns(["list", "email_key"]).doNothing())
            .returning("email_key")
            .execute();
          for (const { email_key } of keys) inserted.add(email_key);
        }
        const outcome: ImportOutcome = { confirmed: 0, awaitingConfirmation: 0, alreadyListed: 0 };
        for (const row of rows)
          if (!inserted.has(row.email.toLowerCase())) outcome.alreadyListed++;
          else if (row.consentedAt) outcome.confirmed++;
          else outcome.awaitingConfirmation++;
        return outcome;
      }),
  };
}
