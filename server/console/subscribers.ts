/** The subscriber list (owners only), its CSV, a confirmation sent again, and an unsubscribe by hand. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { consoleApiPath } from "#common/console.ts";
import { pageSize, subscriberQuery } from "#common/console-input.ts";
import { subscriberCsvHeader, subscriberCsvRow } from "../cli/csv.ts";
import type { Subscriber } from "../leads/store.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import { audit, inputFrom, owners } from "./access.ts";

/** `confirmation`: the sign-up's own mail (leads/mailing-list.ts), so a resend is the same mail under the same limits. */
export async function subscriberRoutes(
  app: FastifyInstance,
  { confirmation }: { confirmation: (subscriber: Subscriber) => OutgoingMail },
) {
  const { subscribers: list, console: store } = app.stores;
  const subscriberOf = async (request: FastifyRequest) => {
    const id = Number((request.params as { id: string }).id);
    return Number.isSafeInteger(id) ? await list.getSubscriber(id) : undefined;
  };

  app.get(`${consoleApiPath}/subscribers`, { preHandler: owners }, async (request) => {
    const { offset, ...filter } = inputFrom(subscriberQuery, request.query);
    const { subscribers, total } = await store.subscribers(filter, { limit: pageSize, offset });
    return { counts: await store.subscriberCounts(), total, pageSize, subscribers };
  });

  app.get(`${consoleApiPath}/subscribers.csv`, { preHandler: owners }, async (request, reply) => {
    const { subscribers } = await store.subscribers({ status: "subscribed" }, { limit: 10_000_000, offset: 0 });
    await audit(request, "export", `confirmed subscribers CSV, ${subscribers.length} rows`);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="subscribers-confirmed-${day}.csv"`)
      .send(subscriberCsvHeader + [...subscribers].reverse().map(subscriberCsvRow).join(""));
  });

  // An inbox mailed in the last 24 hours gets nothing more, as at sign-up.
  app.post(`${consoleApiPath}/subscribers/:id/resend`, { preHandler: owners }, async (request, reply) => {
    const subscriber = await subscriberOf(request);
    if (!subscriber) return reply.code(404).send({ error: "No such subscriber." });
    if (subscriber.status !== "pending")
      return reply.code(409).send({ error: "Only a pending subscriber is sent a confirmation." });
    const { email, firstName, lastName } = subscriber;
    const { queued, waiting } = await list.addSubscriber(
      { list: subscriber.list, email, firstName, lastName },
      confirmation,
      new Date(),
      app.config.confirmationLimits,
    );
    if (!queued && !waiting)
      return reply.code(409).send({
        error:
          "Not sent: this inbox was sent a confirmation less than 24 hours ago, and its link still works. Try again after a day.",
      });
    app.outbox.kick();
    const budget = waiting ? ": waits for the hourly mail budget" : "";
    await audit(request, "subscriber-resend", `subscriber ${subscriber.id}${budget}`);
    return {
      message: waiting
        ? "The confirmation waits for the hourly mail budget and goes out as soon as it allows."
        : `Confirmation sent again to ${email}.`,
    };
  });

  // The same change as the mail's link, webhook included.
  app.post(`${consoleApiPath}/subscribers/:id/unsubscribe`, { preHandler: owners }, async (request, reply) => {
    const subscriber = await subscriberOf(request);
    if (!subscriber) return reply.code(404).send({ error: "No such subscriber." });
    if (subscriber.status === "unsubscribed") return reply.code(409).send({ error: "Already unsubscribed." });
    await list.unsubscribe(subscriber.id, new Date(), "console");
    app.outbox.kick();
    await audit(request, "subscriber-unsubscribed", `subscriber ${subscriber.id}, was ${subscriber.status}`);
    return { message: `${subscriber.email} is unsubscribed.` };
  });
}
