/**
 * `app.outbox`: the mail worker (SMTP_URL's transport, DKIM-signed when DKIM_* are set) and the
 * requests worker (WEBHOOK_*, CRM_*, CDN_PURGE_*) on `app.stores.outbox`, shared by every
 * instance by lease; started when the server is ready, stopped when it closes.
 */
import path from "node:path";
import fp from "fastify-plugin";
import { describeDatabaseError } from "../db/errors.ts";
import { httpCourier } from "./http.ts";
import { combineWorkers, createOutbox, createOutboxWorker, type Outbox, type OutboxOptions } from "./outbox.ts";
import { fileTransport, smtpTimeouts, smtpTransport } from "./transport.ts";

declare module "fastify" {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/** Outbox timing beyond the configuration; tests shorten it. */
export type MailOptions = Pick<
  OutboxOptions,
  "retryBaseMs" | "maxRetryMs" | "pollMs" | "leaseMs" | "stopGraceMs" | "pruneEveryMs"
> & {
  /** SMTP timeouts (transport.ts) */
  smtp?: Partial<typeof smtpTimeouts>;
};

export const mailOutbox = fp(
  async (app, { smtp, ...timing }: MailOptions) => {
    const { config } = app;
    const transport = config.smtpUrl
      ? smtpTransport(config.smtpUrl, { maxConnections: config.mailConnections, dkim: config.dkim, ...smtp })
      : fileTransport(path.join(config.dataDir, "mail"), { dkim: config.dkim });
    // One line when the database starts failing (a lost file failed every poll, 1.6 stacks a
    // second) and one when it works again, for both workers together.
    let storeDown = false;
    const shared = {
      store: app.stores.outbox,
      retentionMs: config.mailRetentionDays * 86_400_000,
      leaseMs: config.mailLeaseSeconds * 1000,
      onStoreError(error: unknown) {
        if (storeDown) return;
        storeDown = true;
        app.log.error(`outbox: the database failed (${describeDatabaseError(error)}); retrying with back-off`);
      },
      onStoreRecovered() {
        if (!storeDown) return;
        storeDown = false;
        app.log.info("outbox: the database works again");
      },
    };
    const mail = createOutbox({
      ...shared,
      transport,
      from: config.mailFrom,
      newsletterFrom: config.newsletterFrom,
      domain: new URL(config.site.siteUrl).hostname,
      concurrency: config.mailConnections,
      ratePerSecond: config.mailRatePerSecond,
      ...timing,
      onError: (id, attempts, reason) =>
        app.log.warn({ mail: id, attempts, reason }, "outbox: delivery failed, will retry"),
      onGiveUp: (id, attempts, reason) =>
        app.log.warn({ mail: id, attempts, reason }, "outbox: newsletter mail refused, not retried"),
    });
    const requests = createOutboxWorker({
      ...shared,
      // The CDN purge (CDN_PURGE_URL) is signed with its own secret, as a webhook endpoint's is.
      courier: httpCourier(config.cdnPurge ? [...config.webhooks, config.cdnPurge] : config.webhooks),
      concurrency: 4,
      ratePerSecond: config.webhookRatePerSecond,
      ...timing,
      // The mail worker prunes the whole outbox.
      prunes: false,
      onError: (id, attempts, reason) =>
        app.log.warn({ request: id, attempts, reason }, "outbox: request failed, will retry"),
      onGiveUp: (id, attempts, reason) =>
        app.log.error({ request: id, attempts, reason }, "outbox: request refused, not retried"),
    });
    const outbox = combineWorkers(mail, requests);
    app.decorate("outbox", outbox);
    app.addHook("onReady", async () => {
      app.log.info(`outbox: mail goes to ${transport.describe()}${config.smtpUrl ? "" : " (no SMTP_URL set)"}`);
      if (config.webhooks.length || config.crm)
        app.log.info(`outbox: ${config.webhooks.length} webhook endpoint(s)${config.crm ? " and the CRM" : ""}`);
      outbox.start();
    });
    app.addHook("onClose", async () => outbox.stop());
  },
  { name: "mail-outbox", dependencies: ["stores"] },
);
