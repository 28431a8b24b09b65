/**
 * The lead and subscriber stores as Fastify decorations (`app.leadStore`, `app.subscriberStore`),
 * taken from `app.stores` (server/stores.ts builds them for the engine), queueing their mails in
 * the outbox in the same transaction.
 */
import fp from "fastify-plugin";
import type { LeadStore, SubscriberStore } from "./store.ts";

declare module "fastify" {
  interface FastifyInstance {
    leadStore: LeadStore;
    subscriberStore: SubscriberStore;
  }
}

export const leadStores = fp(
  async (app) => {
    app.decorate("leadStore", app.stores.leads);
    app.decorate("subscriberStore", app.stores.subscribers);
  },
  { name: "lead-stores", dependencies: ["stores", "mail-outbox"] },
);
