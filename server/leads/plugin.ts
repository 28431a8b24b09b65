/**
 * The lead, subscriber and solved-challenge stores as Fastify decorations (`app.leadStore`,
 * `app.subscriberStore`, `app.challengeStore`),
 * taken from `app.stores` (server/stores.ts builds them for the engine), queueing their mails in
 * the outbox in the same transaction.
 */
import fp from "fastify-plugin";
import type { ChallengeStore, LeadStore, SubscriberStore } from "./store.ts";

declare module "fastify" {
  interface FastifyInstance {
    leadStore: LeadStore;
    subscriberStore: SubscriberStore;
    challengeStore: ChallengeStore;
  }
}

export const leadStores = fp(
  async (app) => {
    app.decorate("leadStore", app.stores.leads);
    app.decorate("subscriberStore", app.stores.subscribers);
    app.decorate("challengeStore", app.stores.challenges);
  },
  { name: "lead-stores", dependencies: ["stores", "mail-outbox"] },
);
