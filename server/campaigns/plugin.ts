/** `app.campaigns`: the store, each recipient's mail (links signed with the newsletter secret) and the sender. */
import fp from "fastify-plugin";
import { newsletterSecret } from "../leads/tokens.ts";
import { campaignMail, testUnsubscribeLink, unsubscribeLink } from "./campaign-mail.ts";
import { createCampaignSender, type CampaignSender } from "./sender.ts";
import type { CampaignDraft, CampaignStore, Recipient } from "./store.ts";

declare module "fastify" {
  interface FastifyInstance {
    campaigns: {
      store: CampaignStore;
      sender: CampaignSender;
      /** The mail as a test send or a preview shows it: to `to`, with the test unsubscribe link. */
      testMailFor(
        campaign: Pick<CampaignDraft, "subject" | "body">,
        to: Pick<Recipient, "email" | "firstName">,
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
    const testMailFor = (
      campaign: Pick<CampaignDraft, "subject" | "body">,
      to: Pick<Recipient, "email" | "firstName">,
    ) => campaignMail(config.site, campaign, to, testUnsubscribeLink(config.site));
    app.decorate("campaigns", { store: stores.campaigns, sender, testMailFor });
    app.addHook("onReady", async () => sender.start());
    app.addHook("onClose", async () => sender.stop());
  },
  { name: "campaigns", dependencies: ["stores", "mail-outbox"] },
);
