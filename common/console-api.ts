/**
 * Answers of the console's JSON API (server/console/) that the server and the console
 * (app/features/console/) both type: one definition, so neither restates the other's.
 */

/** Who is signed in. */
export interface ConsoleAccount {
  email: string;
  /** The person's own name (a new post's author); null until they or `npm run users` set it. */
  name: string | null;
  role: "owner" | "viewer" | "editor";
}

/**
 * GET /admin/api/session: whether the browser holds a session. Without one it is
 * `{ signedIn: false }` with status 200 (the sign-in page asks on every visit, and a 401 would
 * be a console error each time) and nothing else: it tells nothing about anyone.
 */
export type SessionAnswer = { signedIn: false } | { signedIn: true; account: ConsoleAccount };

/** The outbox's channels: mail goes to SMTP, requests (webhooks, the CRM's form) over HTTP. */
export type DeliveryChannel = "mail" | "http";

/** Where an outbox row stands (server/outbox/outbox-store.ts): per lead, its notification mail, webhooks and CRM post. */
export interface DeliveryState {
  id: number;
  ref: string;
  channel: DeliveryChannel;
  /** The mail's recipient or the request's URL. */
  target: string;
  /** A request's event (lead.created, …); a mail's subject. */
  what: string;
  state: "queued" | "delivered" | "given up";
  /** Attempts made so far: the failed ones, plus the last one once delivered or given up. */
  attempts: number;
  lastError: string | null;
  queuedAt: string;
  /** When it was delivered or given up; null while queued. */
  doneAt: string | null;
  /** When it is tried next; null once done. */
  nextAttemptAt: string | null;
}

/** One visit a lead came through, as the lead's detail shows it: the landing page as its path. */
export interface LeadTouch {
  source: string;
  medium: string | null;
  campaign: string | null;
  landingPath: string;
}

/**
 * Where a lead came from (GET /admin/api/leads/:id `origin`): the first visit measurement
 * recorded, and the visit that sent the form; null where none was measured (Do Not Track, Global
 * Privacy Control, or a lead sent before measurement).
 */
export interface LeadOrigin {
  first: LeadTouch | null;
  visit: LeadTouch | null;
}

/** Where a content key stands: its file serves (never edited), a version is live, a newer draft waits, or one is scheduled. */
export type ContentStatus = "file" | "published" | "draft" | "scheduled";

/** A key in the console's content list (GET /admin/api/content). */
export interface ContentListItem {
  key: string;
  /** The pages that show it. */
  pages: readonly string[];
  status: ContentStatus;
  latestVersion: number;
  publishedVersion: number | null;
  scheduledVersion: number | null;
  scheduledAt: string | null;
  /** The last change of any kind (save, publish, schedule): who and when; null for a key never edited. */
  changedBy: string | null;
  changedAt: string | null;
}

/** GET /admin/api/content: every editable key, and the site's page paths (what an internal link may name). */
export interface ContentListAnswer {
  keys: ContentListItem[];
  sitePaths: string[];
}

/** GET /admin/api/content/posts: the blog's posts, newest first by their date (of the newest version). */
export interface PostListAnswer {
  posts: { key: string; slug: string; title: string; date: string; item: ContentListItem }[];
}

/** One saved version of a key (server/content/store.ts ContentVersion). */
export interface ContentVersionAnswer {
  key: string;
  version: number;
  body: string;
  account: string;
  createdAt: string;
  baseVersion: number;
}

/** GET /admin/api/content/entry?key=…: a key's state, its newest and published versions, and its file's text. */
export interface ContentEntryAnswer {
  item: ContentListItem;
  latest: ContentVersionAnswer | null;
  published: ContentVersionAnswer | null;
  /** The text in content/ that serves until a version is published. */
  fileText: string;
  /** The CDN purge of the published version (CDN_PURGE_URL); null when none was queued or it was pruned. */
  purge: DeliveryState | null;
  /**
   * What this account's editor kept as typed and never saved as a version (every few seconds):
   * the editor opens with it. Null when there is none.
   */
  autosave: { body: string; baseVersion: number; savedAt: string } | null;
}

/** An image uploaded in the console (server/uploads/), as GET /admin/api/uploads lists it. */
export interface UploadItem {
  /** /assets/uploads/<id>-<width>x<height>: what content and proof name (common/uploads.ts). */
  ref: string;
  /** The file's name on the uploader's computer. */
  name: string;
  /** The original's size in bytes. */
  bytes: number;
  width: number;
  height: number;
  type: "png" | "jpeg" | "webp";
  /** Who uploaded it first, and when. */
  account: string;
  createdAt: string;
}

/** GET /admin/api/uploads: the newest uploads first, and the largest file taken. */
export interface UploadListAnswer {
  uploads: UploadItem[];
  maxBytes: number;
}

/** POST /admin/api/uploads?name=…: the image (created false: the same file was stored before). */
export interface UploadAnswer {
  upload: UploadItem;
  created: boolean;
}

/** A newsletter campaign as the console's campaigns API gives it (server/campaigns/). */
export interface CampaignItem {
  id: number;
  subject: string;
  /** Markdown. */
  body: string;
  /** Only subscribers whose first visit came from this source; null: every confirmed subscriber. */
  source: string | null;
  status: "draft" | "scheduled" | "sent";
  sendAt: string | null;
  createdBy: string;
  updatedBy: string;
  updatedAt: string;
  scheduledBy: string | null;
  enqueuedAt: string | null;
}

/** What a campaign's sending came to. */
export interface CampaignCountsAnswer {
  queued: number;
  sent: number;
  failed: number;
  unsubscribedAfter: number;
  /** The SMTP answers of the failed mails. */
  failures: { reason: string; count: number }[];
}

/** The mail as a recipient gets it (the unsubscribe link a sample). */
export interface CampaignPreviewAnswer {
  subject: string;
  /** The whole HTML part. */
  html: string;
  /** The HTML of the body alone, for the console's preview (which shows it in the console's styles). */
  bodyHtml: string;
  /** Who it comes from (NEWSLETTER_FROM). */
  from: string;
  /** Why the reader gets it, above the unsubscribe link. */
  footer: string;
  text: string;
  headers: Record<string, string>;
}

export interface CampaignAnswer {
  campaign: CampaignItem;
  counts: CampaignCountsAnswer;
  preview: CampaignPreviewAnswer;
}

export interface CampaignListAnswer {
  campaigns: (CampaignItem & { counts: CampaignCountsAnswer })[];
  /** The sources subscribers came from, for the filter. */
  sources: string[];
}
