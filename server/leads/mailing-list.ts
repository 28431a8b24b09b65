/**
 * GET /mailingList (spec §7: list, what=subscribe, email, first_name, last_name) and the same
 * as a POST; double opt-in through /mailingList/confirm, and one-click unsubscribe through
 * /mailingList/unsubscribe. Both links act only on POST: the mailed link's GET opens a page
 * with a button (mail scanners that open links do not press buttons), and RFC 8058 mail
 * clients POST the unsubscribe directly. One confirmation mail per address a day at most,
 * its link single-use and valid for 7 days (store.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as v from "valibot";
import { honeypotField, subscribeSchema } from "../../common/validation.ts";
import { escapeHtml } from "../../common/html.ts";
import { leadRateLimit, pickFields, requestFields } from "./guards.ts";
import { confirmationMail } from "./mail-texts.ts";
import { page, pageHeaders } from "./pages.ts";
import { confirmationLinkLifetimeMs, type Subscriber } from "./store.ts";
import { newsletterSecret, signToken, tokenId, verifyToken, type TokenPurpose } from "./tokens.ts";

// One answer whether the address is new, pending or already subscribed: the answer must not
// tell a stranger who is on the list.
export const subscribeSuccess = "Thank you! Please check your inbox and confirm your subscription.";
export const unknownList = "Unknown mailing list";
const fieldNames = ["list", "what", "email", "first_name", "last_name", honeypotField] as const;

export async function mailingListRoutes(app: FastifyInstance) {
  const { config, subscriberStore: store, outbox } = app;
  const secret = await newsletterSecret(config.newsletterSecret, config.dataDir, app.database);
  const base = config.site.serverBase || config.site.siteUrl;
  const nonceOf = (purpose: TokenPurpose, subscriber: Subscriber) => (purpose === "confirm" ? (subscriber.confirmNonce ?? "") : "");
  const link = (purpose: TokenPurpose, subscriber: Subscriber) =>
    `${base}/mailingList/${purpose}?token=${signToken(secret, purpose, subscriber.id, subscriber.email, nonceOf(purpose, subscriber))}`;
  const headers = pageHeaders(config.site);

  app.route({
    method: ["GET", "POST"],
    url: "/mailingList",
    // HEAD does not run this handler (routes.ts answers it 405): one route, one rate-limit bucket.
    exposeHeadRoute: false,
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
      const { subscriber, queued } = await store.addSubscriber(
        { list: input.list, email: input.email, firstName: input.first_name, lastName: input.last_name },
        (added) => confirmationMail(config.site, added, { confirm: link("confirm", added), unsubscribe: link("unsubscribe", added) }),
        new Date(),
      );
      request.log.info({ subscriber: subscriber.id, queued }, "mailing list: subscription recorded");
      // Kicked whether or not a mail was queued: the same work on every path.
      outbox.kick();
      return { message: subscribeSuccess };
    },
  });

  /** The subscriber a signed link names, or undefined when the link is not (or no longer) valid. */
  const subscriberFor = async (purpose: TokenPurpose, token: unknown) => {
    const id = tokenId(token);
    const subscriber = id === undefined ? undefined : await store.getSubscriber(id);
    return subscriber && verifyToken(secret, purpose, token as string, subscriber.id, subscriber.email, nonceOf(purpose, subscriber))
      ? subscriber
      : undefined;
  };
  /** A confirmation link still open: its nonce is the subscriber's, mailed less than 7 days ago. */
  const confirmable = (subscriber: Subscriber | undefined, now: Date): subscriber is Subscriber & { confirmNonce: string } =>
    !!subscriber &&
    subscriber.status === "pending" &&
    !!subscriber.confirmNonce &&
    !!subscriber.confirmSentAt &&
    now.getTime() - Date.parse(subscriber.confirmSentAt) < confirmationLinkLifetimeMs;
  const html = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply
      .code(status)
      .headers(headers)
      .type("text/html; charset=utf-8")
      .send(page(config.site, title, body));
  const invalidLink = (reply: FastifyReply) =>
    html(
      reply,
      400,
      "This link is not valid",
      `<p>The link may be incomplete, used already or older than 7 days. Please copy the whole link from the mail, or <a href="${escapeHtml(config.site.siteUrl)}/#newsletter">subscribe again</a>.</p>`,
    );
  const home = `<p><a class="button" href="${escapeHtml(config.site.siteUrl)}/">Go to the ${escapeHtml(config.site.brand)} website</a></p>`;
  const tokenOf = (fields: unknown) => pickFields(fields, ["token"]).token;
  const subscribed = (reply: FastifyReply) =>
    html(
      reply,
      200,
      "You are subscribed",
      `<p>Thank you for confirming. The ${escapeHtml(config.site.brand)} newsletter will come to your inbox.</p>${home}`,
    );
  /**
   * The forms below post to this server only: a browser's Origin (or Sec-Fetch-Site) on a
   * cross-site post is refused. The token in the form is the proof; no cookie is needed.
   */
  const ownOrigins = new Set([new URL(config.site.siteUrl).origin, new URL(base).origin]);
  const crossSite = (request: FastifyRequest) => {
    const site = request.headers["sec-fetch-site"];
    if (site === "cross-site") return true;
    const origin = request.headers.origin;
    if (typeof origin !== "string" || origin === "null") return origin === "null";
    return !ownOrigins.has(origin) && origin !== `${request.protocol}://${request.host}`;
  };

  // HEAD is answered 405 on every newsletter route: it must not run a GET's side effects, and
  // it gets no rate-limit bucket of its own (lead routes: routes.ts).
  app.get("/mailingList/confirm", { exposeHeadRoute: false }, async (request, reply) => {
    const token = tokenOf(request.query);
    const subscriber = await subscriberFor("confirm", token);
    if (subscriber?.status === "subscribed" && !subscriber.confirmNonce) return subscribed(reply);
    if (!confirmable(subscriber, new Date())) return invalidLink(reply);
    return html(
      reply,
      200,
      "Confirm your subscription",
      `<p>Press the button to get the ${escapeHtml(config.site.brand)} newsletter.</p>
<form method="post" action="/mailingList/confirm"><input type="hidden" name="token" value="${escapeHtml(String(token))}"><button type="submit">Confirm subscription</button></form>`,
    );
  });

  app.post("/mailingList/confirm", async (request, reply) => {
    if (crossSite(request))
      return html(reply, 403, "This link is not valid", "<p>Please open the link from the mail and press the button there.</p>");
    const subscriber = await subscriberFor("confirm", tokenOf(request.body));
    const now = new Date();
    if (!confirmable(subscriber, now) || !(await store.confirmSubscriber(subscriber.id, subscriber.confirmNonce, now))) return invalidLink(reply);
    request.log.info({ subscriber: subscriber.id }, "mailing list: confirmed");
    return subscribed(reply);
  });

  app.get("/mailingList/unsubscribe", { exposeHeadRoute: false }, async (request, reply) => {
    const token = tokenOf(request.query);
    const subscriber = await subscriberFor("unsubscribe", token);
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
    const subscriber = await subscriberFor("unsubscribe", tokenOf(request.query));
    if (!subscriber) return invalidLink(reply);
    await store.unsubscribe(subscriber.id, new Date());
    request.log.info({ subscriber: subscriber.id }, "mailing list: unsubscribed");
    return html(reply, 200, "You are unsubscribed", `<p>You will get no more newsletters from us.</p>${home}`);
  });

  for (const url of ["/mailingList/confirm", "/mailingList/unsubscribe"])
    app.head(url, async (_request, reply) => reply.code(405).header("allow", "GET, POST").send({ error: "Method not allowed" }));
}
