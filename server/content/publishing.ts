/**
 * What editors do with content, each step checked and written to the console's audit log with the
 * account: save a draft, publish now or at a time, cancel a schedule, restore an old version, and (on every server)
 * publish what is due. The operators' command (cli/content.ts) and the server call it; the
 * console's editor will too.
 */
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

export interface PublishingOptions {
  /** Renders the pages a version would change before it is published or scheduled (render-check.ts). */
  renders?: RenderCheck;
}

export function contentPublishing(
  store: ContentStore,
  audit: (entry: AuditEntry) => Promise<void>,
  { renders }: PublishingOptions = {},
) {
  const record = (by: Pick<Editor, "account" | "address" | "now">, action: AuditAction, detail: string) =>
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
    /**
     * A new draft on `baseVersion` (the newest version the editor started from; 0: the file). A draft
     * may be unfinished (validation.ts); publishing it needs it whole. What the account's editor kept
     * as typed is now a version, so that copy goes.
     */
    async save(key: string, body: string, baseVersion: number, by: Editor) {
      checkContent(key, body, { draft: true });
      // Structured keys are kept pretty-printed, so history diffs and exported files read line by line.
      const stored = isStructuredKey(key) ? structuredText(JSON.parse(body) as Entry[]) : body;
      const saved = await store.save(key, stored, { account: by.account, baseVersion, now: by.now });
      await record(by, "content-save", `${key} version ${saved.version}`);
      await store.discardAutosave(key, by.account);
      return saved;
    },

    /**
     * Keeps the editor's text as typed (every few seconds), whatever it says: it is no version and
     * no page shows it, so only its size is checked. Not in the audit log, which records changes of
     * what the site may show (a save, a publish), not typing.
     */
    async autosave(key: string, body: string, baseVersion: number, by: Editor) {
      if (body.length > 200_000) throw new ContentRefused(`"${key}": the text is over 200,000 characters.`);
      const savedAt = by.now.toISOString();
      await store.autosave(key, by.account, { body, baseVersion, savedAt });
      return { savedAt };
    },

    /**
     * Publishes a version (the newest without one) now, or schedules it for `at`, once it passes the
     * checks of a save again (a version saved before a check existed, or written to the store directly)
     * and its pages render: otherwise ContentRefused, and nothing is published.
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

    /**
     * A new version with an old version's text, on the newest: a draft until published. Version 0 is
     * `original`, the text in content/ the site was built with.
     */
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

export type ContentPublishing = ReturnType<typeof contentPublishing>;
