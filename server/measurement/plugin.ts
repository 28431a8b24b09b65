/** The measurement store as a Fastify decoration (`app.measurementStore`) on the shared database. */
import fp from "fastify-plugin";
import { sqliteMeasurementStore } from "./store-sqlite.ts";
import type { MeasurementStore } from "./store.ts";

declare module "fastify" {
  interface FastifyInstance {
    measurementStore: MeasurementStore;
  }
}

export const measurementStore = fp(async (app) => void app.decorate("measurementStore", sqliteMeasurementStore(app.db)), {
  name: "measurement-store",
  dependencies: ["database"],
});
