/** `app.measurementStore`, the analytics events' batch writer in front of it, and `app.attribution`. */
import fp from "fastify-plugin";
import { goalCategory, type Goal } from "#common/goals.ts";
import { visitorIdPattern, type Collected } from "#common/measurement.ts";
import { createBatchWriter, type BatchWriter } from "./batch-writer.ts";
import type { MeasurementStore, Received } from "./store.ts";
import type { UsageReadings } from "./usage-report.ts";
import { attributionOf, noAttribution, type LeadAttribution } from "./visits.ts";

export interface Attribution {
  /** A visitor id as the lead calls send it (`vid`), or undefined when absent or malformed. */
  visitorId(value: unknown): string | undefined;
  /** The visitor's first recorded visit and the visit going on now (none without a visitor id). */
  of(uid: string | undefined, now: Date): Promise<LeadAttribution>;
  /** Counts a goal the server sees (a lead, a sign-up, a confirmation) for the visitor, if known. */
  goal(uid: string | undefined | null, goal: Goal, page: string, now: Date): void;
}

declare module "fastify" {
  interface FastifyInstance {
    measurementStore: MeasurementStore & UsageReadings;
    measurementEvents: BatchWriter<Received<Collected>>;
    attribution: Attribution;
  }
}

export const measurementStore = fp(
  async (app) => {
    const store = app.stores.measurement;
    const events = createBatchWriter<Received<Collected>>({
      writeBatch: (rows) => store.addEvents(rows),
      onError: (error) => app.log.error({ err: error }, "analytics events not saved"),
    });
    app.addHook("onClose", () => events.close());
    app.decorate("measurementStore", store);
    app.decorate("measurementEvents", events);
    app.decorate("attribution", {
      visitorId: (value: unknown) =>
        typeof value === "string" && visitorIdPattern.test(value) ? value.toLowerCase() : undefined,
      async of(uid: string | undefined, now: Date) {
        if (!uid) return noAttribution;
        // Page views still queued here belong to the visit too.
        await events.close();
        return attributionOf(await store.visitorActivity(uid), now);
      },
      goal(uid: string | undefined | null, goal: Goal, page: string, now: Date) {
        if (uid)
          events.add({ type: "event", uid, page, category: goalCategory, action: goal, receivedAt: now.toISOString() });
      },
    } satisfies Attribution);
  },
  { name: "measurement-store", dependencies: ["stores"] },
);
