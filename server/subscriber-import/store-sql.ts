/**
 * Imported subscribers written in one transaction on either engine: rows with a consent date
 * as subscribed (confirmed at that date), rows without as pending with their confirmation
 * waiting, which the mailing list's release (leads/mailing-list.ts) queues within the
 * confirmation budgets, as it does for sign-ups over a budget. An address already on the list
 * is left as it is: an unsubscribed one is never subscribed again by an import.
 */
import type { Dialect, Statement } from "../console/store-sql.ts";
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

export function sqlSubscriberImportStore(sql: Dialect): SubscriberImportStore {
  return {
    async importSubscribers(list, rows, now) {
      const at = now.toISOString();
      const statements = rows.map((row): Statement => {
        const mailbox = mailboxOf(row.email);
        const common = [
          list,
          row.email,
          row.email.toLowerCase(),
          mailbox.key,
          mailbox.domain,
          row.firstName,
          row.lastName,
        ];
        return row.consentedAt
          ? [
              `INSERT INTO subscribers (list, email, email_key, mailbox_key, mailbox_domain, first_name, last_name, status,
                 created_at, updated_at, requested_at, confirmed_at, first_source)
               VALUES (?, ?, ?, ?, ?, ?, ?, 'subscribed', ?, ?, ?, ?, ?) ON CONFLICT (list, email_key) DO NOTHING`,
              [...common, at, at, at, row.consentedAt, row.source],
            ]
          : [
              `INSERT INTO subscribers (list, email, email_key, mailbox_key, mailbox_domain, first_name, last_name, status,
                 created_at, updated_at, requested_at, confirm_waiting_since, first_source)
               VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?) ON CONFLICT (list, email_key) DO NOTHING`,
              [...common, at, at, at, at, row.source],
            ];
      });
      const inserted = await sql.transaction(statements);
      const outcome: ImportOutcome = { confirmed: 0, awaitingConfirmation: 0, alreadyListed: 0 };
      rows.forEach((row, i) => {
        if (inserted[i] === 0) outcome.alreadyListed++;
        else if (row.consentedAt) outcome.confirmed++;
        else outcome.awaitingConfirmation++;
      });
      return outcome;
    },
  };
}
