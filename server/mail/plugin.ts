/**
 * The outbox as a Fastify decoration (`app.outbox`): its store on the shared database, the
 * transport chosen by SMTP_URL, and the worker started when the server is ready and stopped
 * (after its round) when it closes.
 */
import path from "node:path";
import fp from "fastify-plugin";
import { createOutbox, type Outbox } from "./outbox.ts";
import { sqliteOutboxStore } from "./outbox-sqlite.ts";
import { fileTransport, smtpTransport } from "./transport.ts";

declare module "fastify" {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

export interface MailOptions {
  /** Outbox timing; tests shorten it. */
  retryBaseMs?: number;
  pollMs?: number;
}

export const mailOutbox = fp(
  async (app, { retryBaseMs, pollMs }: MailOptions) => {
    const { config } = app;
    const transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, "mail"));
    const outbox = createOutbox({
      store: sqliteOutboxStore(app.db),
      transport,
      from: config.mailFrom,
      domain: new URL(config.site.siteUrl).hostname,
      retryBaseMs,
      pollMs,
      onError: (id, attempts, reason) => app.log.warn({ mail: id, attempts, reason }, "outbox: delivery failed, will retry"),
    });
    app.decorate("outbox", outbox);
    app.addHook("onReady", async () => {
      app.log.info(`outbox: mail goes to ${transport.describe()}${config.smtpUrl ? "" : " (no SMTP_URL set)"}`);
      outbox.start();
    });
    app.addHook("onClose", async () => outbox.stop());
  },
  { name: "mail-outbox", dependencies: ["database"] },
);
