/**
 * The content store (store.ts) in SQL both engines run, through the console's dialect. The one
 * difference, how running servers are told of a publish, is the caller's: `announce` is a
 * statement run in the publishing transaction (PostgreSQL: NOTIFY; SQLite: none, the server polls).
 * `purge`: the CDN purge (purge.ts) queued in the outbox in that same transaction, so it goes out
 * once per publish, from whoever published.
 */
import { randomBytes } from "node:crypto";
import type { Dialect, Row, Statement } from "../console/store-sql.ts";
import { outboxRow } from "../outbox/outbox-row.ts";
import { purgeRef, type PurgeRequests } from "./purge.ts";
import { ContentConflict, ContentRefused, type ContentState, type ContentStore, type ContentVersion } from "./store.ts";

/** The channel PostgreSQL's NOTIFY names on every publish; the payload is the key. */
export const publishChannel = "content_published";

const iso = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value));
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const toVersion = (row: Row): ContentVersion => ({
  key: String(row.key),
  version: Number(row.version),
  body: String(row.body),
  account: String(row.account),
  createdAt: iso(row.created_at)!,
  baseVersion: Number(row.base_version),
});

/** A second insert of one (key, version): another save on the same base committed first. */
const isDuplicate = (error: unknown) => {
  const e = error as { code?: string; errcode?: number };
  return e?.code === "23505" || (typeof e?.errcode === "number" && (e.errcode & 0xff) === 19);
};

const bumpGeneration: Statement = ["UPDATE content_publications SET generation = generation + 1 WHERE id = 1", []];

/** Outbox rows for the purge of a publish; `claim`: only if the claim with this token published it (a schedule). */
const queuePurge = (purge: PurgeRequests, key: string, version: number, now: Date, claim?: string): Statement[] =>
  purge(key, version, now).map(({ request, dueAt }) => {
    const { content, rank, channel } = outboxRow(request);
    const values = [now.toISOString(), content, dueAt.toISOString(), rank, channel, purgeRef(key, version)];
    return claim === undefined
      ? ["INSERT INTO outbox (created_at, mail, next_attempt_at, priority, channel, ref) VALUES (?, ?, ?, ?, ?, ?)", values]
      : [
          `INSERT INTO outbox (created_at, mail, next_attempt_at, priority, channel, ref)
           SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM content_state WHERE key = ? AND published_claim = ?)`,
          [...values, key, claim],
        ];
  });

export function sqlContentStore(
  sql: Dialect,
  announce: (key: string) => Statement[] = () => [],
  purge: PurgeRequests = () => [],
): ContentStore {
  const newest = async (key: string) =>
    (await sql.all("SELECT * FROM content_versions WHERE key = ? ORDER BY version DESC LIMIT 1", [key])).map(toVersion)[0];

  const requireVersion = async (key: string, version: number) => {
    const found = await store.version(key, version);
    if (!found) throw new ContentRefused(`"${key}" has no version ${version}: see "history ${key}".`);
  };

  const conflict = (key: string, baseVersion: number, latest: ContentVersion | undefined) =>
    new ContentConflict(
      `"${key}" changed while you edited it: you started from version ${baseVersion}, but the newest is version ` +
        `${latest?.version ?? 0}${latest ? ` (saved by ${latest.account} at ${latest.createdAt})` : ""}. Nothing was saved: ` +
        `start again from version ${latest?.version ?? 0} and bring your change over.`,
    );

  const store: ContentStore = {
    async save(key, body, { account, baseVersion, now }) {
      const latest = await newest(key);
      if ((latest?.version ?? 0) !== baseVersion) throw conflict(key, baseVersion, latest);
      const saved: ContentVersion = { key, version: baseVersion + 1, body, account, createdAt: now.toISOString(), baseVersion };
      try {
        await sql.run("INSERT INTO content_versions (key, version, body, account, created_at, base_version) VALUES (?, ?, ?, ?, ?, ?)", [
          key,
          saved.version,
          body,
          account,
          saved.createdAt,
          baseVersion,
        ]);
      } catch (error) {
        // The primary key (key, version) refuses the second of two saves on one base.
        if (isDuplicate(error)) throw conflict(key, baseVersion, await newest(key));
        throw error;
      }
      return saved;
    },

    async version(key, version) {
      if (version === undefined) return newest(key);
      return (await sql.all("SELECT * FROM content_versions WHERE key = ? AND version = ?", [key, version])).map(toVersion)[0];
    },

    async history(key) {
      return (await sql.all("SELECT * FROM content_versions WHERE key = ? ORDER BY version DESC", [key])).map(toVersion);
    },

    async states() {
      const rows = await sql.all(
        `SELECT v.key, v.version AS latest_version, v.account AS latest_by, v.created_at AS latest_at,
                s.published_version, s.published_at, s.published_by, s.scheduled_version, s.scheduled_at, s.scheduled_by
           FROM content_versions v
           LEFT JOIN content_state s ON s.key = v.key
          WHERE v.version = (SELECT max(version) FROM content_versions w WHERE w.key = v.key)
          ORDER BY v.key`,
      );
      return rows.map(
        (row): ContentState => ({
          key: String(row.key),
          latestVersion: Number(row.latest_version),
          latestBy: iso(row.latest_by),
          latestAt: iso(row.latest_at),
          publishedVersion: numberOrNull(row.published_version),
          publishedAt: iso(row.published_at),
          publishedBy: iso(row.published_by),
          scheduledVersion: numberOrNull(row.scheduled_version),
          scheduledAt: iso(row.scheduled_at),
          scheduledBy: iso(row.scheduled_by),
        }),
      );
    },

    async publish(key, version, { account, now }) {
      await requireVersion(key, version);
      // A schedule of this very version has nothing left to do; a schedule of another stays.
      await sql.transaction([
        [
          `INSERT INTO content_state (key, published_version, published_at, published_by) VALUES (?, ?, ?, ?)
           ON CONFLICT (key) DO UPDATE SET
             published_version = excluded.published_version,
             published_at = excluded.published_at,
             published_by = excluded.published_by,
             scheduled_at = CASE WHEN content_state.scheduled_version = excluded.published_version THEN NULL ELSE content_state.scheduled_at END,
             scheduled_by = CASE WHEN content_state.scheduled_version = excluded.published_version THEN NULL ELSE content_state.scheduled_by END,
             scheduled_version = CASE WHEN content_state.scheduled_version = excluded.published_version THEN NULL ELSE content_state.scheduled_version END`,
          [key, version, now.toISOString(), account],
        ],
        bumpGeneration,
        ...announce(key),
        ...queuePurge(purge, key, version, now),
      ]);
    },

    async unpublish(key) {
      const [changed] = await sql.transaction([
        [
          `UPDATE content_state SET published_version = NULL, published_at = NULL, published_by = NULL,
                  scheduled_version = NULL, scheduled_at = NULL, scheduled_by = NULL
            WHERE key = ? AND (published_version IS NOT NULL OR scheduled_version IS NOT NULL)`,
          [key],
        ],
        bumpGeneration,
        ...announce(key),
      ]);
      return changed === 1;
    },

    async schedule(key, version, at, { account }) {
      await requireVersion(key, version);
      await sql.run(
        `INSERT INTO content_state (key, scheduled_version, scheduled_at, scheduled_by) VALUES (?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET
           scheduled_version = excluded.scheduled_version, scheduled_at = excluded.scheduled_at, scheduled_by = excluded.scheduled_by`,
        [key, version, at.toISOString(), account],
      );
    },

    async publishDue(now) {
      const due = await sql.all(
        "SELECT key, scheduled_version, scheduled_by FROM content_state WHERE scheduled_version IS NOT NULL AND scheduled_at <= ? ORDER BY key",
        [now.toISOString()],
      );
      const published: { key: string; version: number; account: string }[] = [];
      for (const row of due) {
        const key = String(row.key);
        const version = Number(row.scheduled_version);
        // The claim: only the update that still finds this schedule publishes it. A second
        // instance's update waits for the first's row lock, then matches nothing. Its token is
        // what the purge's insert looks for, so only the claiming transaction queues one.
        const claim = randomBytes(12).toString("base64url");
        const [claimed] = await sql.transaction([
          [
            `UPDATE content_state SET published_version = scheduled_version, published_at = ?, published_by = scheduled_by,
                    published_claim = ?, scheduled_version = NULL, scheduled_at = NULL, scheduled_by = NULL
              WHERE key = ? AND scheduled_version = ? AND scheduled_at <= ?`,
            [now.toISOString(), claim, key, version, now.toISOString()],
          ],
          bumpGeneration,
          ...announce(key),
          ...queuePurge(purge, key, version, now, claim),
        ]);
        if (claimed === 1) published.push({ key, version, account: String(row.scheduled_by) });
      }
      return published;
    },

    async published() {
      // The counter first: a publish in between leaves newer bodies under an older counter, which
      // the next check reads again; the other order could hide that publish until the next one.
      const generation = await store.generation();
      const rows = await sql.all(
        `SELECT s.key, s.published_version, v.body FROM content_state s
           JOIN content_versions v ON v.key = s.key AND v.version = s.published_version`,
      );
      return { generation, bodies: new Map(rows.map((row) => [String(row.key), { version: Number(row.published_version), body: String(row.body) }])) };
    },

    async generation() {
      const [row] = await sql.all("SELECT generation FROM content_publications WHERE id = 1");
      return Number(row.generation);
    },
  };
  return store;
}
