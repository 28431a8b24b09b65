/**
 * `app.database` (engine.ts), the server's connection: registered first, so its onClose runs after
 * the stores' have flushed. A database that cannot be opened stops the start with a message saying which.
 */
import fp from "fastify-plugin";
import { StartupError } from "../startup-error.ts";
import { describePostgres, openEngine, type DatabaseEngine } from "./engine.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The stores' database; only stores run SQL on it. */
    database: DatabaseEngine;
  }
}

export const database = fp(
  async (
    app,
    { dataDir, databaseUrl = "", lockWaitMs }: { dataDir: string; databaseUrl?: string; lockWaitMs: number },
  ) => {
    let engine: DatabaseEngine;
    // One line when the file goes and one when it is back, however many leads are refused meanwhile.
    const onFileChange = (problem: string | undefined) =>
      problem
        ? app.log.error(
            `database: ${problem} while the server runs: leads are refused (503) until it is back; restart the server, or restore from a backup: npm run restore -- <file>`,
          )
        : app.log.info("database: the database file is back; leads are accepted again");
    try {
      engine = await openEngine({ dataDir, databaseUrl, serve: { lockWaitMs, onFileChange } });
    } catch (error) {
      if (!databaseUrl) throw error;
      const reason = (error as { code?: string }).code ?? (error as Error).message;
      throw new StartupError(
        `Cannot use the database at DATABASE_URL (${describePostgres(databaseUrl)}): ${reason}. Start PostgreSQL, fix DATABASE_URL, or unset it to use SQLite in DATA_DIR.`,
      );
    }
    app.decorate<DatabaseEngine>("database", engine);
    app.addHook("onClose", async () => engine.close());
  },
  { name: "database" },
);
