/** `app.campaigns`: the store, each recipient's mail (links signed with the newsletter secret) and the sender. */
import fp from "fastify-plugin";
import { newsletterSecret } from "../leads/tokens.ts";
import { campaignMail, unsubscribeLink } from "./campaign-mail.ts";
import { createCampaignSender, type CampaignSender, type SenderOptions } from "./sender.ts";
import type { CampaignStore } from "./store.ts";

declare module "fastify" {
  interface FastifyInstance {
    campaigns: {
      store: CampaignStore;
      sender: CampaignSender;
    };
  }
}

/** Tests shorten the polling. */
export type CampaignOptions = Pick<SenderOptions, "pollMs" | "batchSize">;

export const campaignsPlugin = fp(
  async (app, { pollMs, batchSize }: CampaignOptions) => {
    const { config, stores } = app;
    const secret = await newsletterSecret(config.newsletterSecret, config.dataDir, app.database);
    const sender = createCampaignSender({
      store: stores.campaigns,
      mailFor: (campaign, recipient) =>
        campaignMail(config.site, campaign, recipient, unsubscribeLink(config.site, secret, recipient)),
      kick: () => app.outbox.kick(),
      pollMs,
      batchSize,
      onQueued: (campaign, queued) =>
        app.log.info({ campaign: campaign.id, queued }, "campaigns: every recipient queued"),
      onError: (error) => app.log.error({ err: error }, "campaigns: queueing failed, will try again"),
    });
    app.decorate("campaigns", { store: stores.campaigns, sender });
    app.addHook("onReady", async () => sender.start());
    app.addHook("onClose", async () => sender.stop());
  },
  { name: "campaigns", dependencies: ["stores", "mail-outbox"] },
);
