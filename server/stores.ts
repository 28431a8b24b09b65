/**
 * Every store on one database, for the operators' commands (cli/) and the store contract
 * tests: the engine DATABASE_URL names (PostgreSQL), or the SQLite file in the data folder.
 * The server itself builds the same stores through each feature's plugin.
 */
import { openEngine, type DatabaseEngine } from "./db/engine.ts";
import { postgresLeadStore, postgresSubscriberStore } from "./leads/store-postgres.ts";
import { sqliteLeadStore, sqliteSubscriberStore } from "./leads/store-sqlite.ts";
import type { LeadStore, SubscriberStore } from "./leads/store.ts";
import { postgresOutboxStore } from "./mail/outbox-postgres.ts";
import { sqliteOutboxStore } from "./mail/outbox-sqlite.ts";
import type { OutboxStore } from "./mail/outbox.ts";
import { postgresMeasurementStore } from "./measurement/store-postgres.ts";
import { sqliteMeasurementStore } from "./measurement/store-sqlite.ts";
import type { MeasurementStore } from "./measurement/store.ts";
import type { DailyCounts, UsageReadings } from "./measurement/usage-report.ts";

export interface Stores {
  database: DatabaseEngine;
  leads: LeadStore & DailyCounts & { flush(): void | Promise<void> };
  subscribers: SubscriberStore & DailyCounts;
  outbox: OutboxStore;
  measurement: MeasurementStore & UsageReadings;
  /** Writes what is queued, then closes the database. */
  close(): Promise<void>;
}

export function storesOn(database: DatabaseEngine): Stores {
  const close = async (leads: Stores["leads"]) => {
    await leads.flush();
    await database.close();
  };
  if (database.kind === "postgres") {
    const leads = postgresLeadStore(database.pool);
    return {
      database,
      leads,
      subscribers: postgresSubscriberStore(database.pool),
      outbox: postgresOutboxStore(database.pool),
      measurement: postgresMeasurementStore(database.pool),
      close: () => close(leads),
    };
  }
  const outbox = sqliteOutboxStore(database.db);
  const leads = sqliteLeadStore(database.db, outbox);
  return {
    database,
    leads,
    subscribers: sqliteSubscriberStore(database.db, outbox),
    outbox,
    measurement: sqliteMeasurementStore(database.db),
    close: () => close(leads),
  };
}

/** The stores on DATABASE_URL when it is set, else on DATA_DIR's SQLite file. */
export async function openStores({ databaseUrl = "", dataDir }: { databaseUrl?: string; dataDir: string }): Promise<Stores> {
  return storesOn(await openEngine({ databaseUrl, dataDir }));
}
