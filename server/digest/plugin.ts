/**
 * At start and hourly each instance asks for last week's digest (the once-key lets one ask a week
 * through); one that has asked this week does not build the report again until the next.
 */
import fp from "fastify-plugin";
import { periodicWork } from "../periodic-work.ts";
import { isoWeek, queueWeeklyDigest } from "./digest.ts";

export interface DigestOptions {
  checkEveryMs?: number;
  now?: () => Date;
}

export const weeklyDigestPlugin = fp(
  async (app, { checkEveryMs = 3_600_000, now = () => new Date() }: DigestOptions) => {
    const to = app.config.digestTo;
    if (!to) return;
    const { stores, config } = app;
    let askedFor = "";
    const sources = { measurement: stores.measurement, leads: stores.leads, subscribers: stores.subscribers };
    const digest = periodicWork(
      async () => {
        const at = now();
        const week = isoWeek(at);
        if (week === askedFor) return;
        if (await queueWeeklyDigest({ store: stores.outbox, sources, site: config.site, to }, at)) {
          app.log.info("digest: last week's digest queued");
          app.outbox.kick();
        }
        askedFor = week;
      },
      {
        everyMs: checkEveryMs,
        onError: (error) => app.log.error({ err: error }, "digest: could not be queued, will try again"),
      },
    );
    app.addHook("onReady", async () => digest.start());
    app.addHook("onClose", async () => digest.stop());
  },
  { name: "weekly-digest", dependencies: ["stores", "mail-outbox"] },
);
