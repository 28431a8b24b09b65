/**
 * The lead and subscriber stores as Fastify decorations (`app.leadStore`, `app.subscriberStore`),
 * on the shared database (SQLite, or PostgreSQL with DATABASE_URL), queueing their mails in the
 * outbox in the same transaction.
 */
import fp from "fastify-plugin";
import { postgresLeadStore, postgresSubscriberStore } from "./store-postgres.ts";
import { sqliteLeadStore, sqliteSubscriberStore } from "./store-sqlite.ts";
import type { LeadStore, SubscriberStore } from "./store.ts";

declare module "fastify" {
  interface FastifyInstance {
    leadStore: LeadStore;
    subscriberStore: SubscriberStore;
  }
}

export const leadStores = fp(
  async (app) => {
    const { database } = app;
    const leads: LeadStore & { flush(): void | Promise<void> } =
      database.kind === "postgres" ? postgresLeadStore(database.pool) : sqliteLeadStore(database.db, app.outbox);
    const subscribers: SubscriberStore =
      database.kind === "postgres" ? postgresSubscriberStore(database.pool) : sqliteSubscriberStore(database.db, app.outbox);
    app.decorate("leadStore", leads);
    app.decorate("subscriberStore", subscribers);
    // Leads still waiting for their group commit are written before the database closes.
    app.addHook("onClose", async () => leads.flush());
  },
  { name: "lead-stores", dependencies: ["database", "mail-outbox"] },
);
