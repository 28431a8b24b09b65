/**
 * The outbox as a Fastify decoration (`app.outbox`): its store from `app.stores` (SQLite, or
 * PostgreSQL with DATABASE_URL, where every instance's worker shares it by lease), the
 * transport chosen by SMTP_URL (a pool of MAIL_CONNECTIONS), and the worker started when the
 * server is ready and stopped when it closes (sends still running after a second are aborted
 * and their mails given back, so a silent SMTP server never holds the stop up).
 */
import path from "node:path";
import fp from "fastify-plugin";
import { createOutbox, type Outbox, type OutboxOptions } from "./outbox.ts";
import { fileTransport, smtpTimeouts, smtpTransport } from "./transport.ts";

declare module "fastify" {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/** Outbox timing beyond the configuration; tests shorten it. */
export type MailOptions = Pick<OutboxOptions, "retryBaseMs" | "pollMs" | "leaseMs" | "stopGraceMs" | "pruneEveryMs"> & {
  /** SMTP timeouts (transport.ts) */
  smtp?: Partial<typeof smtpTimeouts>;
};

export const mailOutbox = fp(
  async (app, { smtp, ...timing }: MailOptions) => {
    const { config } = app;
    const transport = config.smtpUrl
      ? smtpTransport(config.smtpUrl, { maxConnections: config.mailConnections, ...smtp })
      : fileTransport(path.join(config.dataDir, "mail"));
    const outbox = createOutbox({
      store: app.stores.outbox,
      transport,
      from: config.mailFrom,
      domain: new URL(config.site.siteUrl).hostname,
      concurrency: config.mailConnections,
      ratePerSecond: config.mailRatePerSecond,
      retentionMs: config.mailRetentionDays * 86_400_000,
      leaseMs: config.mailLeaseSeconds * 1000,
      ...timing,
      onError: (id, attempts, reason) => app.log.warn({ mail: id, attempts, reason }, "outbox: delivery failed, will retry"),
      onStoreError: (error) => app.log.error({ err: error }, "outbox: database error, will retry"),
    });
    app.decorate("outbox", outbox);
    app.addHook("onReady", async () => {
      app.log.info(`outbox: mail goes to ${transport.describe()}${config.smtpUrl ? "" : " (no SMTP_URL set)"}`);
      outbox.start();
    });
    app.addHook("onClose", async () => outbox.stop());
  },
  { name: "mail-outbox", dependencies: ["stores"] },
);
