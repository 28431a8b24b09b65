/**
 * The lead and subscriber stores as Fastify decorations (`app.leadStore`, `app.subscriberStore`),
 * on the shared database, queueing their mails in `app.outbox`.
 */
import fp from "fastify-plugin";
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
    const leads = sqliteLeadStore(app.db, app.outbox);
    app.decorate("leadStore", leads);
    app.decorate("subscriberStore", sqliteSubscriberStore(app.db, app.outbox));
    // Leads still waiting for their group commit are written before the database closes.
    app.addHook("onClose", async () => leads.flush());
  },
  { name: "lead-stores", dependencies: ["database", "mail-outbox"] },
);
