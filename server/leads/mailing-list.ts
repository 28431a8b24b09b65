/**
 * /mailingList (requirements §7) through lead-endpoint.ts, with double opt-in (/mailingList/confirm)
 * and one-click unsubscribe (/mailingList/unsubscribe). Both links act only on POST: the mailed
 * link's GET opens a page with a button (mail scanners do not press buttons), and RFC 8058 mail
 * clients POST the unsubscribe directly.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { subscribeSchema } from "#common/validation.ts";
import { visitorIdOf } from "./attribution.ts";
import { challengePath, challengeReason, type ChallengeGate } from "./challenge.ts";
import { isCrossSite, ownOrigins } from "./guards.ts";
import { answerHeadWith405, leadEndpoint, sendPage } from "./lead-endpoint.ts";
import { confirmationMail } from "./mail-texts.ts";
import {
  confirmFromMailPage,
  confirmPage,
  invalidLinkPage,
  subscribedPage,
  subscribeSentPage,
  testUnsubscribePage,
  unsubscribedPage,
  unsubscribePage,
} from "./pages.ts";
import { confirmationLinkLifetimeMs, type Subscriber } from "./store.ts";
import { signToken, tokenId, verifyToken, type TokenPurpose } from "./tokens.ts";
import { mailboxOf } from "./mailbox.ts";
import { pickFields } from "./wire-fields.ts";

// One answer whatever the address's state: it must not tell a stranger who is on the list.
export const subscribeSuccess = "Thank you! Please check your inbox and confirm your subscription.";
export const unknownList = "Unknown mailing list";
/** How often confirmations waiting for a budget are looked at. */
const waitingConfirmationsReleaseMs = 60_000;

/** A subscriber's confirmation mail with its signed links: one builder for sign-ups and the console's resend. */
export function confirmationMailer(site: FastifyInstance["config"]["site"], secret: string) {
  const base = site.serverBase || site.siteUrl;
  const nonceOf = (purpose: TokenPurpose, subscriber: Subscriber) =>
    purpose === "confirm" ? (subscriber.confirmNonce ?? "") : "";
  const link = (purpose: TokenPurpose, subscriber: Subscriber) =>
    `${base}/mailingList/${purpose}?token=${signToken(secret, purpose, subscriber.id, subscriber.email, nonceOf(purpose, subscriber))}`;
  return {
    nonceOf,
    confirmation: (subscriber: Subscriber) =>
      confirmationMail(site, subscriber, {
        confirm: link("confirm", subscriber),
        unsubscribe: link("unsubscribe", subscriber),
      }),
  };
}

/** `secret` signs the mailed links; `challenges` is the proof-of-work gate both lead forms pass. */
export async function mailingListRoutes(
  app: FastifyInstance,
  { secret, challenges }: { secret: string; challenges: ChallengeGate },
) {
  const { config, outbox, attribution } = app;
  const store = app.stores.subscribers;
  const { site } = config;
  const { nonceOf, confirmation } = confirmationMailer(site, secret);
  const limits = config.confirmationLimits;

  // Over a budget, confirmations wait (released every minute): logged once when it starts and ends.
  let overBudget = false;
  const releaseWaiting = async () => {
    const { queued, waiting } = await store.releaseWaitingConfirmations(confirmation, new Date(), limits, 100);
    if (queued) outbox.kick();
    if (overBudget && waiting === 0) {
      overBudget = false;
      app.log.info({ queued }, "mailing list: every waiting confirmation mail is queued");
    }
  };
  const releaseTimer = setInterval(
    () =>
      void releaseWaiting().catch((error: { code?: string }) =>
        app.log.error({ code: error.code }, "mailing list: releasing waiting confirmations failed"),
      ),
    waitingConfirmationsReleaseMs,
  );
  releaseTimer.unref();
  app.addHook("onClose", async () => clearInterval(releaseTimer));

  leadEndpoint(app, {
    form: "newsletter",
    name: "mailing list",
    fieldNames: ["list", "what", "email", "first_name", "last_name"],
    schema: subscribeSchema,
    success: subscribeSuccess,
    sentPage: subscribeSentPage(site, subscribeSuccess),
    async accept(input, request) {
      if (input.list !== site.mailingList) return { error: unknownList };
      const now = new Date();
      // While strangers press on the budget (challenge.ts) a sign-up is taken only with a
      // solved challenge, and its confirmation is queued ahead of the others ("proven").
      const verdict = await challenges.verdict("newsletter", request, now, async (signups) =>
        challengeReason(
          await store.confirmationLoad(mailboxOf(input.email).domain, now),
          signups,
          limits,
          config.challenge,
        ),
      );
      if (verdict === "challenge") return { challenge: challengePath };
      // Optional (absent under Do-Not-Track/GPC): links the sign-up to the visits of that visitor id.
      const visitorId = attribution.visitorId(visitorIdOf(request));
      const { subscriber, queued, waiting } = await store.addSubscriber(
        {
          list: input.list,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          visitorId,
          attribution: await attribution.of(visitorId, now),
          proven: verdict === "proven",
        },
        confirmation,
        now,
        limits,
      );
      attribution.goal(visitorId, "newsletter-requested", "newsletter", now);
      request.log.info(
        { subscriber: subscriber.id, queued, waiting, proven: verdict === "proven" },
        "mailing list: subscription recorded",
      );
      if (waiting && !overBudget) {
        overBudget = true;
        request.log.warn(
          limits,
          "mailing list: confirmation mails over the hourly budget (CONFIRMATION_MAILS_PER_HOUR / _PER_DOMAIN_PER_HOUR): sign-ups are stored and their confirmations wait",
        );
      }
      // Kicked whether or not a mail was queued: the same work on every path.
      outbox.kick();
      return { message: subscribeSuccess };
    },
  });

  /** The subscriber a signed link names, or undefined when the link is not (or no longer) valid. */
  const subscriberFor = async (purpose: TokenPurpose, token: unknown) => {
    const id = tokenId(token);
    const subscriber = id === undefined ? undefined : await store.getSubscriber(id);
    return subscriber &&
      verifyToken(token as string, secret, purpose, subscriber.id, subscriber.email, nonceOf(purpose, subscriber))
      ? subscriber
      : undefined;
  };
  /** A confirmation link still open: its nonce is the subscriber's, mailed less than 7 days ago. */
  const confirmable = (
    subscriber: Subscriber | undefined,
    now: Date,
  ): subscriber is Subscriber & { confirmNonce: string } =>
    !!subscriber &&
    subscriber.status === "pending" &&
    !!subscriber.confirmNonce &&
    !!subscriber.confirmSentAt &&
    now.getTime() - Date.parse(subscriber.confirmSentAt) < confirmationLinkLifetimeMs;
  const tokenOf = (fields: unknown) => pickFields(fields, ["token"]).token;
  const invalidLink = (reply: FastifyReply) => sendPage(app, reply, invalidLinkPage(site));
  /** The confirm form posts to this server only: the token in the form is the proof, no cookie. */
  const own = ownOrigins(config);

  // HEAD is answered 405 on every newsletter route: it must not run a GET's side effects, and
  // it gets no rate-limit bucket of its own.
  app.get("/mailingList/confirm", { exposeHeadRoute: false }, async (request, reply) => {
    const token = tokenOf(request.query);
    const subscriber = await subscriberFor("confirm", token);
    if (subscriber?.status === "subscribed" && !subscriber.confirmNonce)
      return sendPage(app, reply, subscribedPage(site));
    if (!confirmable(subscriber, new Date())) return invalidLink(reply);
    return sendPage(app, reply, confirmPage(site, String(token)));
  });

  app.post("/mailingList/confirm", async (request, reply) => {
    if (isCrossSite(request, own)) return sendPage(app, reply, confirmFromMailPage);
    const subscriber = await subscriberFor("confirm", tokenOf(request.body));
    const now = new Date();
    if (!confirmable(subscriber, now) || !(await store.confirmSubscriber(subscriber.id, subscriber.confirmNonce, now)))
      return invalidLink(reply);
    request.log.info({ subscriber: subscriber.id }, "mailing list: confirmed");
    attribution.goal(subscriber.visitorId, "subscription-confirmed", "newsletter-confirm", now);
    return sendPage(app, reply, subscribedPage(site));
  });

  /** A test mail's link: `?test` instead of a token (campaigns/campaign-mail.ts). */
  const isTestLink = (query: unknown) => pickFields(query, ["test"]).test !== undefined;

  app.get("/mailingList/unsubscribe", { exposeHeadRoute: false }, async (request, reply) => {
    if (isTestLink(request.query)) return sendPage(app, reply, testUnsubscribePage(site));
    const token = tokenOf(request.query);
    const subscriber = await subscriberFor("unsubscribe", token);
    if (!subscriber) return invalidLink(reply);
    if (subscriber.status === "unsubscribed") return sendPage(app, reply, unsubscribedPage(site));
    return sendPage(app, reply, unsubscribePage(String(token)));
  });

  // No XSRF check here: the signed token is the proof, and mail clients' one-click POSTs
  // (RFC 8058) carry no cookie.
  app.post("/mailingList/unsubscribe", async (request, reply) => {
    if (isTestLink(request.query)) return sendPage(app, reply, testUnsubscribePage(site));
    const subscriber = await subscriberFor("unsubscribe", tokenOf(request.query));
    if (!subscriber) return invalidLink(reply);
    await store.unsubscribe(subscriber.id, new Date(), "link");
    request.log.info({ subscriber: subscriber.id }, "mailing list: unsubscribed");
    return sendPage(app, reply, unsubscribedPage(site));
  });

  for (const url of ["/mailingList/confirm", "/mailingList/unsubscribe"]) answerHeadWith405(app, url);
}
