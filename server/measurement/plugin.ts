/** The measurement store as a Fastify decoration (`app.measurementStore`), taken from `app.stores` (server/stores.ts). */
import fp from "fastify-plugin";
import type { MeasurementStore } from "./store.ts";

declare module "fastify" {
  interface FastifyInstance {
    measurementStore: MeasurementStore;
  }
}

export const measurementStore = fp(
  async (app) => {
    app.decorate("measurementStore", app.stores.measurement);
  },
  { name: "measurement-store", dependencies: ["stores"] },
);
