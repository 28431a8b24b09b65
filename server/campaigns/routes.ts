/**
 * /admin/api/campaigns, inside consoleRoutes (its same-origin check, session and no-store apply):
 * owners and editors write, preview and test; only an owner sends to subscribers (audited).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { consoleApiPath } from "#common/console.ts";
import type { CampaignAnswer, CampaignItem, CampaignListAnswer, CampaignPreviewAnswer } from "#common/console-api.ts";
import { audit, only } from "../console/access.ts";
import { campaignDraftOf } from "./campaign.ts";
import { campaignBodyHtml, campaignFooter, testCampaignMail } from "./campaign-mail.ts";
import { accountFirstName, withFirstName } from "./first-name.ts";
import { CampaignRefused, testRef, type Campaign, type CampaignDraft } from "./store.ts";

const base = `${consoleApiPath}/campaigns`;

const itemOf = ({ createdAt: _createdAt, ...campaign }: Campaign): CampaignItem => campaign;
const idOf = (request: FastifyRequest) => {
  const id = Number((request.params as { id?: string }).id);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};
const fieldsOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

export function campaignRoutes(app: FastifyInstance) {
  const { store, sender } = app.campaigns;
  const writers = only(["owner", "editor"], "Only an owner or an editor account may write campaigns.");
  const owners = only(["owner"], "Only an owner account may send a campaign to subscribers.");
  const notFound = (reply: FastifyReply) => reply.code(404).send({ error: "No such campaign." });
  const refused = (error: unknown, reply: FastifyReply) => {
    if (error instanceof CampaignRefused) return reply.code(409).send({ error: error.message });
    throw error;
  };

  /** The signed-in account as a recipient: its previews and test mails greet it by its own first name. */
  const ownAddress = (request: FastifyRequest) => ({
    email: request.account!.email,
    firstName: accountFirstName(request.account!.name),
  });
  /** The mail as a subscriber gets it, with the test unsubscribe link in place of theirs. */
  const previewOf = (
    draft: Pick<CampaignDraft, "subject" | "body">,
    request: FastifyRequest,
  ): CampaignPreviewAnswer => {
    const to = ownAddress(request);
    const mail = testCampaignMail(app.config.site, draft, to);
    return {
      subject: mail.subject,
      html: mail.html,
      bodyHtml: campaignBodyHtml(withFirstName(draft.body, to.firstName), app.config.site),
      from: app.config.newsletterFrom,
      footer: campaignFooter(app.config.site),
      text: mail.text,
      headers: mail.headers ?? {},
    };
  };
  const answerOf = async (campaign: Campaign, request: FastifyRequest): Promise<CampaignAnswer> => ({
    campaign: itemOf(campaign),
    counts: await store.counts(campaign.id),
    preview: previewOf(campaign, request),
  });

  app.get(base, { preHandler: writers }, async (): Promise<CampaignListAnswer> => {
    const campaigns = await store.list();
    return {
      campaigns: await Promise.all(campaigns.map(async (c) => ({ ...itemOf(c), counts: await store.counts(c.id) }))),
      sources: await store.sources(),
    };
  });

  app.get(`${base}/:id`, { preHandler: writers }, async (request, reply) => {
    const id = idOf(request);
    const campaign = id && (await store.get(id));
    return campaign ? answerOf(campaign, request) : notFound(reply);
  });

  app.post(`${base}/preview`, { preHandler: writers }, async (request, reply) => {
    const draft = campaignDraftOf(fieldsOf(request));
    if (typeof draft === "string") return reply.code(400).send({ error: draft });
    return previewOf(draft, request);
  });

  app.post(base, { preHandler: writers }, async (request, reply) => {
    const draft = campaignDraftOf(fieldsOf(request));
    if (typeof draft === "string") return reply.code(400).send({ error: draft });
    const campaign = await store.create(draft, request.account!.email, new Date());
    return reply.code(201).send(await answerOf(campaign, request));
  });

  app.put(`${base}/:id`, { preHandler: writers }, async (request, reply) => {
    const id = idOf(request);
    const draft = campaignDraftOf(fieldsOf(request));
    if (typeof draft === "string") return reply.code(400).send({ error: draft });
    try {
      const campaign = id && (await store.update(id, draft, request.account!.email, new Date()));
      return campaign ? answerOf(campaign, request) : notFound(reply);
    } catch (error) {
      return refused(error, reply);
    }
  });

  // A test goes to the signed-in account's own address only, ahead of the campaign mails.
  app.post(`${base}/:id/test`, { preHandler: writers }, async (request, reply) => {
    const id = idOf(request);
    const campaign = id && (await store.get(id));
    if (!campaign) return notFound(reply);
    const to = request.account!.email;
    const mail = {
      ...testCampaignMail(app.config.site, campaign, ownAddress(request)),
      subject: `[Test] ${campaign.subject}`,
      priority: "normal" as const,
    };
    await store.queueMail(mail, testRef(campaign.id), new Date());
    app.outbox.kick();
    await audit(request, "campaign-test", `campaign ${campaign.id} test to the account's own address`);
    return { queued: true, to };
  });

  // The send confirmation's number: whom a send now would queue, by the sender's own query.
  app.get(`${base}/:id/recipients`, { preHandler: owners }, async (request, reply) => {
    const id = idOf(request);
    const campaign = id && (await store.get(id));
    return campaign ? { recipients: await store.recipientCount(campaign) } : notFound(reply);
  });

  // Now (no `at`, or a time already past) or at a time; the sender queues it when it is due.
  app.post(`${base}/:id/send`, { preHandler: owners }, async (request, reply) => {
    const id = idOf(request);
    const { at } = fieldsOf(request);
    const now = new Date();
    const when = at === undefined || at === null || at === "" ? now : new Date(String(at));
    if (Number.isNaN(when.getTime()))
      return reply.code(400).send({ error: "Give the time to send as an ISO date and time." });
    try {
      const campaign = id && (await store.schedule(id, when, request.account!.email, now));
      if (!campaign) return notFound(reply);
      const later = when.getTime() > now.getTime();
      const audience = campaign.source ? `subscribers from ${campaign.source}` : "every confirmed subscriber";
      await audit(
        request,
        later ? "campaign-schedule" : "campaign-send",
        `campaign ${campaign.id} to ${audience}${later ? ` at ${when.toISOString()}` : ""}`,
      );
      if (!later) void sender.kick();
      return answerOf(campaign, request);
    } catch (error) {
      return refused(error, reply);
    }
  });

  app.post(`${base}/:id/unschedule`, { preHandler: owners }, async (request, reply) => {
    const id = idOf(request);
    try {
      const campaign = id && (await store.unschedule(id, request.account!.email, new Date()));
      if (!campaign) return notFound(reply);
      await audit(request, "campaign-schedule", `campaign ${campaign.id} schedule withdrawn`);
      return answerOf(campaign, request);
    } catch (error) {
      return refused(error, reply);
    }
  });
}
