/** What editors do with content (cli/content.ts, the console, every server's check), each step checked and audited. */
import type { AuditAction } from "../audit/audit-kinds.ts";
import type { AuditEntry } from "../audit/audit-log.ts";
import { isStructuredKey, structuredText, type Entry } from "#common/content-schemas.ts";
import type { RenderCheck } from "./render-check.ts";
import { checkContent } from "./validation.ts";
import { ContentRefused, type ContentStore, type ContentVersion } from "./store.ts";

export interface Editor {
  account: string;
  /** Where the change came from, for the audit log: the client's address, or "cli@<host>". */
  address: string;
  now: Date;
}

/** `renders`: the pages a version would change rendered before it is published or scheduled (render-check.ts). */
export function contentPublishing(
  store: ContentStore,
  audit: (entry: AuditEntry) => Promise<void>,
  { renders }: { renders?: RenderCheck } = {},
) {
  const record = (by: Editor, action: AuditAction, detail: string) =>
    audit({ at: by.now.toISOString(), account: by.account, address: by.address, action, detail });

  const existing = async (key: string, version: number | undefined): Promise<ContentVersion> => {
    const found = await store.version(key, version);
    if (!found)
      throw new ContentRefused(
        version === undefined
          ? `"${key}" has no saved version yet: save one first.`
          : `"${key}" has no version ${version}.`,
      );
    return found;
  };

  return {
    /** A new draft (maybe unfinished) on `baseVersion`; what the account's editor kept as typed goes. */
    async save(key: string, body: string, baseVersion: number, by: Editor) {
      checkContent(key, body, { draft: true });
      // Structured keys are kept pretty-printed, so history diffs and exported files read line by line.
      const stored = isStructuredKey(key) ? structuredText(JSON.parse(body) as Entry[]) : body;
      const saved = await store.save(key, stored, { account: by.account, baseVersion, now: by.now });
      await record(by, "content-save", `${key} version ${saved.version}`);
      await store.discardAutosave(key, by.account);
      return saved;
    },

    /** The editor's text as typed: no page shows it, so only its size is checked, and typing is not audited. */
    async autosave(key: string, body: string, baseVersion: number, by: Editor) {
      if (body.length > 200_000) throw new ContentRefused(`"${key}": the text is over 200,000 characters.`);
      const savedAt = by.now.toISOString();
      await store.autosave(key, by.account, { body, baseVersion, savedAt });
      return { savedAt };
    },

    /**
     * Publishes a version (the newest without one) now or at `at`, once it passes a save's checks again (it may
     * predate a check, or be written by hand) and its pages render: otherwise ContentRefused.
     */
    async publish(key: string, version: number | undefined, at: Date | undefined, by: Editor) {
      const chosen = await existing(key, version);
      try {
        checkContent(key, chosen.body);
      } catch (error) {
        if (error instanceof ContentRefused)
          throw new ContentRefused(`Version ${chosen.version} is not published: ${error.message}`);
        throw error;
      }
      await renders?.(key, chosen.version, chosen.body);
      if (at && at.getTime() > by.now.getTime()) {
        await store.schedule(key, chosen.version, at, { account: by.account, now: by.now });
        await record(by, "content-schedule", `${key} version ${chosen.version} at ${at.toISOString()}`);
      } else {
        await store.publish(key, chosen.version, { account: by.account, now: by.now });
        await record(by, "content-publish", `${key} version ${chosen.version}`);
      }
      return chosen;
    },

    /** Cancels a scheduled publish; what is published stays. Refused when nothing is scheduled (any more). */
    async unschedule(key: string, by: Editor) {
      const cancelled = await store.unschedule(key);
      if (!cancelled) throw new ContentRefused(`"${key}" has nothing scheduled: it may have just been published.`);
      await record(by, "content-unschedule", `${key} version ${cancelled.version}, was due at ${cancelled.at}`);
      return cancelled;
    },

    /** Takes a key off the site (a post off the blog); its versions stay, to publish again. */
    async unpublish(key: string, by: Editor) {
      if (!(await store.unpublish(key))) throw new ContentRefused(`"${key}" is not published.`);
      await record(by, "content-unpublish", key);
    },

    /** A new draft with an old version's text; version 0 is `original`, the file in content/. */
    async restore(key: string, version: number, by: Editor, original?: string) {
      const body = version === 0 && original !== undefined ? original : (await existing(key, version)).body;
      const newest = await existing(key, undefined);
      const saved = await store.save(key, body, { account: by.account, baseVersion: newest.version, now: by.now });
      const from = version === 0 ? "the original text" : `version ${version}`;
      await record(by, "content-restore", `${key} version ${saved.version} from ${from}`);
      await store.discardAutosave(key, by.account);
      return saved;
    },

    /** Publishes what is due; only the instance that claims a schedule reports it. */
    async publishDue(address: string, now: Date) {
      const published = await store.publishDue(now);
      for (const { key, version, account } of published)
        await record({ account, address, now }, "content-publish", `${key} version ${version} (scheduled)`);
      return published;
    },
  };
}
