/**
 * The content store (store.ts) on the query layer. A publish is one transaction with the counter, the NOTIFY
 * and the CDN purge queued in the outbox, so the purge goes out once per publish, from whoever published.
 */
import { transaction, type Db, type Tx } from "../db/query.ts";
import { isUniqueViolation, notify } from "../db/sql.ts";
import { outboxRow } from "../outbox/outbox-row.ts";
import { purgeRef, type PurgeRequests } from "./purge.ts";
import { ContentConflict, ContentRefused, type ContentStore, type ContentVersion } from "./store.ts";

/** The channel PostgreSQL's NOTIFY names on every publish; the payload is the key. */
export const publishChannel = "content_published";

/** A content_versions row as the ContentVersion it is. */
const versionColumns = [
  "key",
  "version",
  "body",
  "account",
  "created_at as createdAt",
  "base_version as baseVersion",
] as const;

const unscheduled = { scheduled_version: null, scheduled_at: null, scheduled_by: null };

export function contentStore(db: Db, purge: PurgeRequests = () => []): ContentStore {
  const versions = () => db.selectFrom("content_versions").select(versionColumns);
  const newest = (key: string) =>
    versions().where("key", "=", key).orderBy("version", "desc").limit(1).executeTakeFirst();

  const autosaves = (account: string) =>
    db
      .selectFrom("content_autosaves")
      .select(["body", "base_version as baseVersion", "saved_at as savedAt"])
      .where("account", "=", account);

  const requireVersion = async (key: string, version: number) => {
    if (!(await store.version(key, version)))
      throw new ContentRefused(`"${key}" has no version ${version}: see "history ${key}".`);
  };

  const conflict = (key: string, baseVersion: number, latest: ContentVersion | undefined) =>
    new ContentConflict(
      `"${key}" changed while you edited it: you started from version ${baseVersion}, but the newest is version ` +
        `${latest?.version ?? 0}${latest ? ` (saved by ${latest.account} at ${latest.createdAt})` : ""}. Nothing was saved: ` +
        `start again from version ${latest?.version ?? 0} and bring your change over.`,
    );

  /** What every change of what is published does in its transaction: the counter moves, listeners are told. */
  const announce = async (tx: Tx, key: string) => {
    await tx
      .updateTable("content_publications")
      .set((eb) => ({ generation: eb("generation", "+", 1) }))
      .where("id", "=", 1)
      .execute();
    await notify(tx, publishChannel, key);
  };

  const queuePurge = async (tx: Tx, key: string, version: number, now: Date) => {
    const rows = purge(key, version, now).map(({ request, dueAt }) => {
      const { content, rank, channel } = outboxRow(request);
      const ref = purgeRef(key, version);
      return {
        created_at: now.toISOString(),
        mail: content,
        next_attempt_at: dueAt.toISOString(),
        priority: rank,
        channel,
        ref,
      };
    });
    if (rows.length) await tx.insertInto("outbox").values(rows).execute();
  };

  const store: ContentStore = {
    async save(key, body, { account, baseVersion, now }) {
      const latest = await newest(key);
      if ((latest?.version ?? 0) !== baseVersion) throw conflict(key, baseVersion, latest);
      try {
        return await db
          .insertInto("content_versions")
          .values({
            key,
            version: baseVersion + 1,
            body,
            account,
            created_at: now.toISOString(),
            base_version: baseVersion,
          })
          .returning(versionColumns)
          .executeTakeFirstOrThrow();
      } catch (error) {
        // The primary key (key, version) refuses the second of two saves on one base.
        if (isUniqueViolation(error)) throw conflict(key, baseVersion, await newest(key));
        throw error;
      }
    },

    async autosave(key, account, { body, baseVersion, savedAt }) {
      const kept = { body, base_version: baseVersion, saved_at: savedAt };
      await db
        .insertInto("content_autosaves")
        .values({ key, account, ...kept })
        .onConflict((conflict) => conflict.columns(["key", "account"]).doUpdateSet(kept))
        .execute();
    },

    autosaved: (key, account) => autosaves(account).where("key", "=", key).executeTakeFirst(),

    autosavesOf: (account) => autosaves(account).select("key").orderBy("key").execute(),

    async discardAutosave(key, account) {
      await db.deleteFrom("content_autosaves").where("key", "=", key).where("account", "=", account).execute();
    },

    version: (key, version) =>
      version === undefined
        ? newest(key)
        : versions().where("key", "=", key).where("version", "=", version).executeTakeFirst(),

    history: (key) => versions().where("key", "=", key).orderBy("version", "desc").execute(),

    states: () =>
      db
        .selectFrom("content_versions as v")
        .leftJoin("content_state as s", "s.key", "v.key")
        .where(({ eb, selectFrom }) =>
          eb(
            "v.version",
            "=",
            selectFrom("content_versions as w")
              .select(({ fn }) => fn.max("w.version").as("max"))
              .whereRef("w.key", "=", "v.key"),
          ),
        )
        .select([
          "v.key",
          "v.version as latestVersion",
          "v.account as latestBy",
          "v.created_at as latestAt",
          "s.published_version as publishedVersion",
          "s.published_at as publishedAt",
          "s.published_by as publishedBy",
          "s.scheduled_version as scheduledVersion",
          "s.scheduled_at as scheduledAt",
          "s.scheduled_by as scheduledBy",
        ])
        .orderBy("v.key")
        .execute(),

    async publish(key, version, { account, now }) {
      await requireVersion(key, version);
      const published = { published_version: version, published_at: now.toISOString(), published_by: account };
      await transaction(db, async (tx) => {
        await tx
          .insertInto("content_state")
          .values({ key, ...published })
          .onConflict((oc) => oc.column("key").doUpdateSet(published))
          .execute();
        // A schedule of this very version has nothing left to do; a schedule of another stays.
        await tx
          .updateTable("content_state")
          .set(unscheduled)
          .where("key", "=", key)
          .where("scheduled_version", "=", version)
          .execute();
        await announce(tx, key);
        await queuePurge(tx, key, version, now);
      });
    },

    unpublish: (key) =>
      transaction(db, async (tx) => {
        const { numUpdatedRows } = await tx
          .updateTable("content_state")
          .set({ published_version: null, published_at: null, published_by: null, ...unscheduled })
          .where("key", "=", key)
          .where((eb) => eb.or([eb("published_version", "is not", null), eb("scheduled_version", "is not", null)]))
          .executeTakeFirst();
        if (numUpdatedRows === 0n) return false;
        await announce(tx, key);
        return true;
      }),

    async schedule(key, version, at, { account }) {
      await requireVersion(key, version);
      const scheduled = { scheduled_version: version, scheduled_at: at.toISOString(), scheduled_by: account };
      await db
        .insertInto("content_state")
        .values({ key, ...scheduled })
        .onConflict((oc) => oc.column("key").doUpdateSet(scheduled))
        .execute();
    },

    async unschedule(key) {
      const state = await db
        .selectFrom("content_state")
        .select(["scheduled_version", "scheduled_at"])
        .where("key", "=", key)
        .executeTakeFirst();
      if (state?.scheduled_version == null || state.scheduled_at === null) return undefined;
      // Only that schedule: if an instance claimed it meanwhile (publishDue), it is published, not cancelled.
      const { numUpdatedRows } = await db
        .updateTable("content_state")
        .set(unscheduled)
        .where("key", "=", key)
        .where("scheduled_version", "=", state.scheduled_version)
        .where("scheduled_at", "=", state.scheduled_at)
        .executeTakeFirst();
      return numUpdatedRows === 0n ? undefined : { version: state.scheduled_version, at: state.scheduled_at };
    },

    async publishDue(now) {
      const at = now.toISOString();
      const due = await db
        .selectFrom("content_state")
        .select(["key", "scheduled_version", "scheduled_by"])
        .where("scheduled_version", "is not", null)
        .where("scheduled_at", "<=", at)
        .orderBy("key")
        .execute();
      const published: { key: string; version: number; account: string }[] = [];
      for (const { key, scheduled_version: version, scheduled_by: account } of due) {
        // The claim: only the update that still finds this schedule publishes it (and queues its
        // purge). A second instance's update waits for the first's row lock, then matches nothing.
        const claimed = await transaction(db, async (tx) => {
          const { numUpdatedRows } = await tx
            .updateTable("content_state")
            .set((eb) => ({
              published_version: eb.ref("scheduled_version"),
              published_at: at,
              published_by: eb.ref("scheduled_by"),
              ...unscheduled,
            }))
            .where("key", "=", key)
            .where("scheduled_version", "=", version)
            .where("scheduled_at", "<=", at)
            .executeTakeFirst();
          if (numUpdatedRows === 0n) return false;
          await announce(tx, key);
          await queuePurge(tx, key, version!, now);
          return true;
        });
        if (claimed) published.push({ key, version: version!, account: account! });
      }
      return published;
    },

    async published() {
      // The counter first: a publish in between leaves newer bodies under an older counter, which
      // the next check reads again; the other order could hide that publish until the next one.
      const generation = await store.generation();
      const rows = await db
        .selectFrom("content_state as s")
        .innerJoin("content_versions as v", (join) =>
          join.onRef("v.key", "=", "s.key").onRef("v.version", "=", "s.published_version"),
        )
        .select(["s.key", "v.version", "v.body"])
        .execute();
      return { generation, bodies: new Map(rows.map(({ key, version, body }) => [key, { version, body }])) };
    },

    generation: async () =>
      (await db.selectFrom("content_publications").select("generation").where("id", "=", 1).executeTakeFirstOrThrow())
        .generation,
  };
  return store;
}
