/**
 * The CDN purge a publish queues (CDN_PURGE_URL), a signed webhook naming every URL a CDN may hold for the key's
 * pages. Due a few seconds after the publish: by then every instance serves the new page the CDN fetches again.
 */
import { randomBytes } from "node:crypto";
import { isEditableKey, pagesOf } from "#common/content-keys.ts";
import type { OutgoingRequest } from "../outbox/outbox-store.ts";
import { dataPathOf } from "./page-renderer.ts";

/** The CDN's purge endpoint (CDN_PURGE_URL), its Standard Webhooks secret and how long after a publish it is told. */
export interface CdnPurge {
  url: string;
  secret: string;
  delaySeconds: number;
  /** The site's address (SITE_URL): the purge lists full URLs too, which is what most CDN APIs take. */
  siteUrl: string;
}

/** The event the purge body names. */
export const purgeEvent = "cdn.purge";

/** The outbox ref of a publish's purge: "content:<key>:<version>". */
export const purgeRef = (key: string, version: number) => `content:${key}:${version}`;

/** Every path a CDN may cache for the pages that show `key`: as `npm run cdn-headers` gives them, and `.data`. */
export function purgePathsOf(key: string): string[] {
  if (!isEditableKey(key)) return [];
  return pagesOf(key).flatMap((page) =>
    page === "/" ? ["/", "/index.html", dataPathOf(page)] : [page, `${page}/`, `${page}/index.html`, dataPathOf(page)],
  );
}

/** The body a CDN worker reads (Standard Webhooks' shape: type, timestamp, data). */
export interface PurgeBody {
  type: typeof purgeEvent;
  timestamp: string;
  data: { key: string; version: number; paths: string[]; urls: string[] };
}

/** What publishing `key` at `version` queues: nothing without CDN_PURGE_URL, else one request due after the delay. */
export function purgeRequests(purge: CdnPurge | undefined) {
  return (key: string, version: number, now: Date): { request: OutgoingRequest; dueAt: Date }[] => {
    const paths = purgePathsOf(key);
    if (!purge || !paths.length) return [];
    const body: PurgeBody = {
      type: purgeEvent,
      timestamp: now.toISOString(),
      data: { key, version, paths, urls: paths.map((path) => new URL(path, purge.siteUrl).href) },
    };
    const request: OutgoingRequest = {
      channel: "http",
      kind: "purge",
      url: purge.url,
      event: purgeEvent,
      messageId: `msg_${randomBytes(16).toString("base64url")}`,
      contentType: "application/json",
      body: JSON.stringify(body),
    };
    return [{ request, dueAt: new Date(now.getTime() + purge.delaySeconds * 1000) }];
  };
}

export type PurgeRequests = ReturnType<typeof purgeRequests>;
