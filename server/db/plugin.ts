/**
 * The one database connection as a Fastify decoration (`app.db`), for the features' store
 * plugins to build on. Registered first, so its onClose runs after theirs have flushed.
 */
import fp from "fastify-plugin";
import { databaseFile, openDatabase, type Database } from "./database.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** DATA_DIR/site.sqlite, shared by every feature's store; only stores run SQL on it. */
    db: Database;
  }
}

export const database = fp(
  async (app, { dataDir }: { dataDir: string }) => {
    const db = openDatabase(databaseFile(dataDir));
    app.decorate("db", db);
    app.addHook("onClose", async () => db.close());
  },
  { name: "database" },
);
