/**
 * /contactUs (requirements §7) through lead-endpoint.ts. The lead and its mail to sales commit
 * (group commit) before the answer, so every `{message}` a visitor sees is a lead on disk.
 */
import type { FastifyInstance } from "fastify";
import { contactSchema } from "#common/validation.ts";
import { visitorIdOf } from "./attribution.ts";
import { challengePath, questionChallengeReason, type ChallengeGate } from "./challenge.ts";
import { leadEndpoint } from "./lead-endpoint.ts";
import { leadNotification } from "./mail-texts.ts";
import { contactSentPage } from "./pages.ts";

export const contactSuccess = "Thank you - we have your question and will answer within one business day.";

/** `challenges`: the proof-of-work gate, asked of a network that sends more questions an hour than it may. */
export async function contactRoutes(app: FastifyInstance, { challenges }: { challenges: ChallengeGate }) {
  const { config, outbox, attribution } = app;
  const defaultDomain = new URL(config.site.siteUrl).host;

  leadEndpoint(app, {
    form: "contact",
    name: "contact",
    fieldNames: ["domain", "type", "name", "email", "subject", "details"],
    schema: contactSchema,
    success: contactSuccess,
    sentPage: contactSentPage(config.site, contactSuccess),
    async accept(input, request) {
      const now = new Date();
      const verdict = await challenges.verdict("contact", request, now, async (questions) =>
        questionChallengeReason(questions, config.challenge),
      );
      if (verdict === "challenge") return { challenge: challengePath };
      // Optional (absent under Do-Not-Track/GPC): links the lead to the visits of that visitor id.
      const visitor = attribution.visitorId(visitorIdOf(request));
      const lead = {
        domain: input.domain || defaultDomain,
        type: input.type || "Lead",
        name: input.name,
        email: input.email,
        subject: input.subject || config.site.contactSubject,
        details: input.details,
        ...(visitor && { visitorId: visitor }),
        attribution: await attribution.of(visitor, now),
      };
      const { id } = await app.stores.leads.addLead(lead, (leadId) => leadNotification(config.site, lead, leadId), now);
      attribution.goal(visitor, "contact-sent", "contact", now);
      request.log.info({ lead: id }, "contact: lead stored");
      outbox.kick();
      return { message: contactSuccess };
    },
  });
}
