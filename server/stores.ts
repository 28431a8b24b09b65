/** Every store on one database, built in one place per engine: for the server, the operators' commands and tests. */
import fp from "fastify-plugin";
import { campaignStore } from "./campaigns/campaign-store.ts";
import type { CampaignStore } from "./campaigns/store.ts";
import { subscriberImportStore, type SubscriberImportStore } from "./subscriber-import/import-store.ts";
import { consoleStore, type ConsoleStore } from "./console/store.ts";
import { listenForPublishes, type PublishListener } from "./content/listen-postgres.ts";
import { purgeRequests, type PurgeRequests } from "./content/purge.ts";
import { contentStore, publishChannel } from "./content/content-store.ts";
import type { ContentStore } from "./content/store.ts";
import { openEngine, type DatabaseEngine } from "./db/engine.ts";
import { challengeStore } from "./leads/challenge.ts";
import { sqliteLeadWrites } from "./leads/group-commit.ts";
import { postgresLeadWrites } from "./leads/group-commit-postgres.ts";
import { leadStore } from "./leads/lead-store.ts";
import { subscriberStore } from "./leads/subscriber-store.ts";
import type { ChallengeStore, LeadStore, SubscriberStore } from "./leads/store.ts";
import { createHandoff, noHandoff, type Handoff } from "./outbox/handoff.ts";
import { sqlOutboxStore } from "./outbox/outbox-sql.ts";
import type { OutboxStore } from "./outbox/outbox-store.ts";
import { sqlMeasurementStore } from "./measurement/store-sql.ts";
import { workerUsageReadings } from "./measurement/usage-worker.ts";
import type { MeasurementStore } from "./measurement/store.ts";
import { uploadStore } from "./uploads/upload-store.ts";
import type { UploadStore } from "./uploads/store.ts";
import type { DailyCounts, UsageReadings } from "./measurement/usage-report.ts";

/** The stores of one engine, without the database itself. */
export interface EngineStores {
  leads: LeadStore & DailyCounts & { flush(): Promise<void> };
  subscribers: SubscriberStore & DailyCounts;
  /** Solved proof-of-work challenges, one-use across instances (leads/challenge.ts). */
  challenges: ChallengeStore;
  outbox: OutboxStore;
  measurement: MeasurementStore & UsageReadings;
  /** The usage report's readings: off the event loop (a worker's own connection) on SQLite, the pool on PostgreSQL. */
  usage: UsageReadings & { withDeadline?(deadline: number): UsageReadings; close?(): Promise<void> };
  console: ConsoleStore;
  /** Content published at run time; PostgreSQL tells a server of a publish made elsewhere (LISTEN). */
  content: ContentStore & { listen?: PublishListener };
  /** Images uploaded in the console, with the bytes of their variants (uploads/). */
  uploads: UploadStore;
  /** Newsletter campaigns and their recipients (campaigns/). */
  campaigns: CampaignStore;
  /** Subscribers imported from a CSV in one transaction (subscriber-import/). */
  subscriberImport: SubscriberImportStore;
}

export interface Stores extends EngineStores {
  database: DatabaseEngine;
  /** Writes what is queued, then closes the database. */
  close(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every store on `app.database`, built once; the features' plugins decorate the ones they use. */
    stores: EngineStores;
  }
}

/** What differs by engine: the group commit of leads, where the usage report reads, how a publish is heard. */
function enginePart(database: DatabaseEngine, handoff: Handoff) {
  if (database.kind === "postgres") {
    const { pool } = database;
    return {
      leadWrites: postgresLeadWrites(pool, handoff),
      listen: ((onPublish) => listenForPublishes(pool, publishChannel, onPublish)) as PublishListener,
    };
  }
  const { db, file } = database;
  return {
    leadWrites: sqliteLeadWrites(db, handoff),
    usage: file === ":memory:" ? undefined : workerUsageReadings(file),
  };
}

/**
 * `handoff`: the webhooks and CRM requests the lead and subscriber stores queue with their changes;
 * `purge`: the CDN purge the content store queues with a publish (CDN_PURGE_URL).
 */
export function engineStores(
  database: DatabaseEngine,
  handoff: Handoff = noHandoff,
  purge: PurgeRequests = purgeRequests(undefined),
): EngineStores {
  const { queries } = database;
  const { leadWrites, usage, listen } = { usage: undefined, listen: undefined, ...enginePart(database, handoff) };
  const measurement = sqlMeasurementStore(queries);
  const content = contentStore(queries, purge);
  return {
    leads: leadStore(queries, leadWrites),
    subscribers: subscriberStore(queries, handoff),
    challenges: challengeStore(queries),
    outbox: sqlOutboxStore(queries),
    measurement,
    usage: usage ?? measurement,
    console: consoleStore(queries, handoff),
    content: listen ? { ...content, listen } : content,
    uploads: uploadStore(queries),
    campaigns: campaignStore(queries),
    subscriberImport: subscriberImportStore(queries),
  };
}

export function storesOn(database: DatabaseEngine, purge?: PurgeRequests): Stores {
  const stores = engineStores(database, noHandoff, purge);
  return {
    ...stores,
    database,
    async close() {
      await stores.leads.flush();
      await stores.usage.close?.();
      await database.close();
    },
  };
}

/** The stores on DATABASE_URL when it is set, else on DATA_DIR's SQLite file. */
export async function openStores({
  databaseUrl = "",
  dataDir,
  purge,
}: {
  databaseUrl?: string;
  dataDir: string;
  /** What a publish queues for the CDN (the content command: CDN_PURGE_URL); none by default. */
  purge?: PurgeRequests;
}): Promise<Stores> {
  return storesOn(await openEngine({ databaseUrl, dataDir }), purge);
}

/** `app.stores` on the database plugin's engine; leads still waiting for their group commit are written on close. */
export const stores = fp(
  async (app) => {
    const built = engineStores(
      app.database,
      createHandoff({ webhooks: app.config.webhooks, crm: app.config.crm }),
      purgeRequests(app.config.cdnPurge),
    );
    app.decorate("stores", built);
    // Registered after the database, so this runs before the database closes.
    app.addHook("onClose", async () => {
      await built.leads.flush();
      await built.usage.close?.();
    });
  },
  { name: "stores", dependencies: ["database"] },
);
