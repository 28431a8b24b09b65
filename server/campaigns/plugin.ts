/**
 * Campaigns as a Fastify decoration (`app.campaigns`): the store from `app.stores`, how a
 * campaign's mail is built for a recipient (signed with the newsletter secret, as the
 * confirmation mail's links are), and the sender that queues due campaigns, started when the
 * server is ready and stopped when it closes.
 */
import fp from "fastify-plugin";
import { newsletterSecret } from "../leads/tokens.ts";
import { campaignMail, unsubscribeLink } from "./campaign-mail.ts";
import { createCampaignSender, type CampaignSender } from "./sender.ts";
import type { Campaign, CampaignDraft, CampaignStore, Recipient } from "./store.ts";

declare module "fastify" {
  interface FastifyInstance {
    campaigns: {
      store: CampaignStore;
      sender: CampaignSender;
      /** The mail one recipient gets. */
      mailFor(
        campaign: Pick<CampaignDraft, "subject" | "body">,
        recipient: Pick<Recipient, "id" | "email">,
      ): ReturnType<typeof campaignMail>;
    };
  }
}

export interface CampaignOptions {
  /** How often due campaigns are looked for (tests shorten it). */
  pollMs?: number;
  batchSize?: number;
}

export const campaignsPlugin = fp(
  async (app, { pollMs, batchSize }: CampaignOptions) => {
    const { config, stores } = app;
    const secret = await newsletterSecret(config.newsletterSecret, config.dataDir, app.database);
    const mailFor = (campaign: Pick<CampaignDraft, "subject" | "body">, recipient: Pick<Recipient, "id" | "email">) =>
      campaignMail(config.site, campaign, recipient.email, unsubscribeLink(config.site, secret, recipient));
    const sender = createCampaignSender({
      store: stores.campaigns,
      mailFor: (campaign: Campaign, recipient) => mailFor(campaign, recipient),
      kick: () => app.outbox.kick(),
      pollMs,
      batchSize,
      onQueued: (campaign, queued) =>
        app.log.info({ campaign: campaign.id, queued }, "campaigns: every recipient queued"),
      onError: (error) => app.log.error({ err: error }, "campaigns: queueing failed, will try again"),
    });
    app.decorate("campaigns", { store: stores.campaigns, sender, mailFor });
    app.addHook("onReady", async () => sender.start());
    app.addHook("onClose", async () => sender.stop());
  },
  { name: "campaigns", dependencies: ["stores", "mail-outbox"] },
);
