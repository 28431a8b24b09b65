/**
 * GET /mailingList (spec §7: list, what=subscribe, email, first_name, last_name) and the same
 * as a POST; double opt-in through /mailingList/confirm, and one-click unsubscribe through
 * /mailingList/unsubscribe (GET asks, POST does it — RFC 8058 mail clients POST directly).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import * as v from "valibot";
import { honeypotField, subscribeSchema } from "../../common/validation.ts";
import { escapeHtml } from "../../common/html.ts";
import { leadRateLimit, pickFields, requestFields } from "./guards.ts";
import { confirmationMail } from "./mail-texts.ts";
import { page } from "./pages.ts";
import type { Subscriber } from "./store.ts";
import { loadSecret, signToken, tokenId, verifyToken, type TokenPurpose } from "./tokens.ts";

// One answer whether the address is new, pending or already subscribed: the answer must not
// tell a stranger who is on the list.
export const subscribeSuccess = "Thank you! Please check your inbox and confirm your subscription.";
export const unknownList = "Unknown mailing list";
const fieldNames = ["list", "what", "email", "first_name", "last_name", honeypotField] as const;

export async function mailingListRoutes(app: FastifyInstance) {
  const { config, subscriberStore: store, outbox } = app;
  const secret = loadSecret(config.newsletterSecret, config.dataDir);
  const base = config.site.serverBase || config.site.siteUrl;
  const link = (purpose: TokenPurpose, subscriber: Subscriber) =>
    `${base}/mailingList/${purpose}?token=${signToken(secret, purpose, subscriber.id, subscriber.email)}`;

  app.route({
    method: ["GET", "POST"],
    url: "/mailingList",
    config: { rateLimit: leadRateLimit(config) },
    handler: async (request, reply) => {
      const fields = pickFields(requestFields(request), fieldNames);
      if (typeof fields[honeypotField] === "string" && fields[honeypotField] !== "") {
        request.log.info("mailing list: honeypot filled, nothing stored");
        return { message: subscribeSuccess };
      }
      const result = v.safeParse(subscribeSchema, fields);
      if (!result.success) return reply.code(400).send({ error: result.issues[0].message });
      const input = result.output;
      if (input.list !== config.site.mailingList) return reply.code(400).send({ error: unknownList });
      const { subscriber, queued } = store.addSubscriber(
        { list: input.list, email: input.email, firstName: input.first_name, lastName: input.last_name },
        (added) => confirmationMail(config.site, added, { confirm: link("confirm", added), unsubscribe: link("unsubscribe", added) }),
        new Date(),
      );
      request.log.info({ subscriber: subscriber.id, queued }, "mailing list: subscription recorded");
      if (queued) outbox.kick();
      return { message: subscribeSuccess };
    },
  });

  /** The subscriber a signed link names, or undefined when the link is not (or no longer) valid. */
  const subscriberFor = (purpose: TokenPurpose, token: unknown) => {
    const id = tokenId(token);
    const subscriber = id === undefined ? undefined : store.getSubscriber(id);
    return subscriber && verifyToken(secret, purpose, token as string, subscriber.id, subscriber.email) ? subscriber : undefined;
  };
  const html = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply
      .code(status)
      .header("cache-control", "no-store")
      .header("referrer-policy", "no-referrer")
      .type("text/html; charset=utf-8")
      .send(page(config.site, title, body));
  const invalidLink = (reply: FastifyReply) =>
    html(
      reply,
      400,
      "This link is not valid",
      `<p>The link may be incomplete. Please copy the whole link from the mail, or <a href="${escapeHtml(config.site.siteUrl)}/#newsletter">subscribe again</a>.</p>`,
    );
  const home = `<p><a class="button" href="${escapeHtml(config.site.siteUrl)}/">Go to the ${escapeHtml(config.site.brand)} website</a></p>`;
  const tokenOf = (query: unknown) => pickFields(query, ["token"]).token;

  app.get("/mailingList/confirm", async (request, reply) => {
    const subscriber = subscriberFor("confirm", tokenOf(request.query));
    // An old confirmation link must not undo a later unsubscribe.
    if (!subscriber || subscriber.status === "unsubscribed") return invalidLink(reply);
    store.confirmSubscriber(subscriber.id, new Date());
    request.log.info({ subscriber: subscriber.id }, "mailing list: confirmed");
    return html(
      reply,
      200,
      "You are subscribed",
      `<p>Thank you for confirming. The ${escapeHtml(config.site.brand)} newsletter will come to your inbox.</p>${home}`,
    );
  });

  app.get("/mailingList/unsubscribe", async (request, reply) => {
    const token = tokenOf(request.query);
    const subscriber = subscriberFor("unsubscribe", token);
    if (!subscriber) return invalidLink(reply);
    if (subscriber.status === "unsubscribed")
      return html(reply, 200, "You are unsubscribed", `<p>You will get no more newsletters from us.</p>${home}`);
    return html(
      reply,
      200,
      "Unsubscribe from the newsletter?",
      `<p>Press the button and you will get no more newsletters from us.</p>
<form method="post" action="/mailingList/unsubscribe?token=${escapeHtml(String(token))}"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  // No XSRF check here: the signed token is the proof, and mail clients' one-click POSTs
  // (RFC 8058) carry no cookie.
  app.post("/mailingList/unsubscribe", async (request, reply) => {
    const subscriber = subscriberFor("unsubscribe", tokenOf(request.query));
    if (!subscriber) return invalidLink(reply);
    store.unsubscribe(subscriber.id, new Date());
    request.log.info({ subscriber: subscriber.id }, "mailing list: unsubscribed");
    return html(reply, 200, "You are unsubscribed", `<p>You will get no more newsletters from us.</p>${home}`);
  });
}
