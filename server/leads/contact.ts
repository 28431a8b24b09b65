/**
 * GET /contactUs (spec §7: domain, type, name, email, subject, details) and the same fields
 * as a POST. The lead and its notification mail to sales are committed in one transaction
 * before the answer (concurrent leads share it: group commit), so every `{message}` a visitor
 * sees is a lead on disk.
 */
import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import { contactSchema, honeypotField } from "../../common/validation.ts";
import { leadRateLimit, pickFields, requestFields } from "./guards.ts";
import { leadNotification } from "./mail-texts.ts";

export const contactSuccess = "Thank you - we have your question and will answer within one business day.";
const fieldNames = ["domain", "type", "name", "email", "subject", "details", honeypotField] as const;

export async function contactRoutes(app: FastifyInstance) {
  const { config, leadStore, outbox } = app;
  const defaultDomain = new URL(config.site.siteUrl).host;

  app.route({
    method: ["GET", "POST"],
    url: "/contactUs",
    // HEAD does not run this handler (routes.ts answers it 405): one route, one rate-limit bucket.
    exposeHeadRoute: false,
    config: { rateLimit: leadRateLimit(config) },
    handler: async (request, reply) => {
      const fields = pickFields(requestFields(request), fieldNames);
      if (typeof fields[honeypotField] === "string" && fields[honeypotField] !== "") {
        request.log.info("contact: honeypot filled, nothing stored");
        return { message: contactSuccess };
      }
      const result = v.safeParse(contactSchema, fields);
      if (!result.success) return reply.code(400).send({ error: result.issues[0].message });
      const input = result.output;
      const lead = {
        domain: input.domain || defaultDomain,
        type: input.type || "Lead",
        name: input.name,
        email: input.email,
        subject: input.subject || config.site.contactSubject,
        details: input.details,
      };
      const { id } = await leadStore.addLead(lead, (leadId) => leadNotification(config.site, lead, leadId), new Date());
      request.log.info({ lead: id }, "contact: lead stored");
      outbox.kick();
      return { message: contactSuccess };
    },
  });
}
