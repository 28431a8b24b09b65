/** POST /admin/api/subscribers/import (owners only): a CSV checked whole, then written in one transaction. */
import type { FastifyInstance } from "fastify";
import { consoleApiPath } from "#common/console.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import type { Subscriber } from "../leads/store.ts";
import { audit, only } from "../console/access.ts";
import { importRowsOf } from "./import-rows.ts";

/** `confirmation`: the sign-up's confirmation mail (leads/mailing-list.ts confirmationMailer). */
export function subscriberImportRoutes(
  app: FastifyInstance,
  { confirmation }: { confirmation: (subscriber: Subscriber) => OutgoingMail },
) {
  const { config, stores, outbox } = app;
  app.post(
    `${consoleApiPath}/subscribers/import`,
    {
      bodyLimit: 16 * 1024 * 1024,
      preHandler: only(["owner"], "Only an owner account may import subscribers."),
    },
    async (request, reply) => {
      const { csv } = (request.body ?? {}) as { csv?: unknown };
      if (typeof csv !== "string") return reply.code(400).send({ error: "Send the CSV file's text.", problems: [] });
      const now = new Date();
      const { rows, problems } = importRowsOf(csv, now);
      if (problems.length)
        return reply.code(400).send({
          error: `Nothing was imported: ${problems.length} ${problems.length === 1 ? "row needs" : "rows need"} fixing first.`,
          problems,
        });
      const outcome = await stores.subscriberImport.importSubscribers(config.site.mailingList, rows, now);
      // The imported rows' confirmations go out now, within the mail limits; what a budget holds back
      // waits for the minute's release. Left waiting, they would read as a rush and challenge sign-ups.
      if (outcome.awaitingConfirmation) {
        await stores.subscribers.releaseWaitingConfirmations(confirmation, now, config.confirmationLimits, rows.length);
        outbox.kick();
      }
      await audit(
        request,
        "subscriber-import",
        `${rows.length} rows: ${outcome.confirmed} confirmed with a consent date, ${outcome.awaitingConfirmation} to confirm by mail, ${outcome.alreadyListed} already listed`,
      );
      return outcome;
    },
  );
}
