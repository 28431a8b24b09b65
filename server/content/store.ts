/** The content store's interface, owned by publishing.ts and cli/content.ts (tables of migration 0400). */

export interface ContentVersion {
  key: string;
  /** 1, 2, … per key. */
  version: number;
  body: string;
  /** The e-mail address of the account that saved it. */
  account: string;
  createdAt: string;
  /** The version the editor started from; 0: the file in content/. */
  baseVersion: number;
}

/** The editor's text as one account typed it, kept every few seconds: not a version (migration 0470). */
export interface ContentAutosave {
  body: string;
  /** The saved version the text was typed on; 0: the original text. */
  baseVersion: number;
  savedAt: string;
}

export interface ContentState {
  key: string;
  /** The newest saved version (0: none) and who saved it when. */
  latestVersion: number;
  latestBy: string | null;
  latestAt: string | null;
  publishedVersion: number | null;
  publishedAt: string | null;
  publishedBy: string | null;
  scheduledVersion: number | null;
  scheduledAt: string | null;
  scheduledBy: string | null;
}

/** The published text of every key that has one, and the counter that moves with each publish. */
export interface PublishedState {
  generation: number;
  bodies: Map<string, { version: number; body: string }>;
}

/** A save whose base is not the newest version: someone saved in between. Nothing is written. */
export class ContentConflict extends Error {
  override name = "ContentConflict";
}

/** An unknown key or version, or a body refused at save. */
export class ContentRefused extends Error {
  override name = "ContentRefused";
}

export interface ContentStore {
  /** A new version on `baseVersion`, the key's newest (0: none); else ContentConflict, a racing save's too. */
  save(key: string, body: string, by: { account: string; baseVersion: number; now: Date }): Promise<ContentVersion>;
  /** Keeps `account`'s text of the key as typed, replacing what it kept before. */
  autosave(key: string, account: string, autosave: ContentAutosave): Promise<void>;
  /** What `autosave` kept for the account, if anything. */
  autosaved(key: string, account: string): Promise<ContentAutosave | undefined>;
  /** Every key the account's editor kept text of (a post begun and never saved is listed by it). */
  autosavesOf(account: string): Promise<(ContentAutosave & { key: string })[]>;
  /** Forgets it: the text was saved as a version, or the editor discarded it. */
  discardAutosave(key: string, account: string): Promise<void>;
  /** One version; the newest without `version`. */
  version(key: string, version?: number): Promise<ContentVersion | undefined>;
  /** Every version of a key, newest first. */
  history(key: string): Promise<ContentVersion[]>;
  /** The keys with any version, by key. */
  states(): Promise<ContentState[]>;
  /** Publishes a saved version now (a schedule of the key is dropped). */
  publish(key: string, version: number, by: { account: string; now: Date }): Promise<void>;
  /** Nothing of the key published or scheduled any more (its versions stay); false when nothing was. */
  unpublish(key: string): Promise<boolean>;
  /** Publishes a saved version at `at`, once, by whichever instance claims it first (publishDue). */
  schedule(key: string, version: number, at: Date, by: { account: string; now: Date }): Promise<void>;
  /** Cancels the key's schedule unless an instance already claimed it (publishDue); undefined: none. */
  unschedule(key: string): Promise<{ version: number; at: string } | undefined>;
  /** Publishes what is due, each claimed by one conditional update: exactly one instance reports it. */
  publishDue(now: Date): Promise<{ key: string; version: number; account: string }[]>;
  published(): Promise<PublishedState>;
  /** The publication counter alone: a cheap check whether anything was published since. */
  generation(): Promise<number>;
}
