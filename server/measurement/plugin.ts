/** The measurement store as a Fastify decoration (`app.measurementStore`) on the shared database (SQLite or PostgreSQL). */
import fp from "fastify-plugin";
import { postgresMeasurementStore } from "./store-postgres.ts";
import { sqliteMeasurementStore } from "./store-sqlite.ts";
import type { MeasurementStore } from "./store.ts";

declare module "fastify" {
  interface FastifyInstance {
    measurementStore: MeasurementStore;
  }
}

export const measurementStore = fp(
  async (app) => {
    const { database } = app;
    app.decorate("measurementStore", database.kind === "postgres" ? postgresMeasurementStore(database.pool) : sqliteMeasurementStore(database.db));
  },
  {
    name: "measurement-store",
    dependencies: ["database"],
  },
);
