/** The store the console's routes use: one object over the modules that own the tables it reads and writes. */
import type { Db } from "../db/query.ts";
import { auditLogStore, type AuditLog } from "../audit/audit-log.ts";
import { inboxStore, type InboxStore } from "../leads/inbox-store.ts";
import { subscriberList, type SubscriberList } from "../leads/subscriber-list.ts";
import type { Handoff } from "../outbox/handoff.ts";
import { dataRequests, type DataRequests } from "../privacy/data-requests.ts";
import { accountStore, type AccountStore } from "./accounts-store.ts";

export type ConsoleStore = AccountStore & AuditLog & InboxStore & SubscriberList & DataRequests;

/** `handoff`: the webhooks told of an erase, queued in its transaction. */
export const consoleStore = (db: Db, handoff?: Handoff): ConsoleStore => ({
  ...accountStore(db),
  ...auditLogStore(db),
  ...inboxStore(db),
  ...subscriberList(db),
  ...dataRequests(db, handoff),
});
