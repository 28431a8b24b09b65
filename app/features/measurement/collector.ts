/**
 * The first-party analytics provider: queues page views, events and web vitals and sends them
 * in batches to the site's own collector (POST /api/collect), so no visitor data goes to a
 * third party by default. Batches leave every few seconds, when the queue is full, and when
 * the page is hidden or unloaded (sendBeacon survives the page going away).
 */
import type { Collected } from "#common/measurement.ts";
import type { AnalyticsProvider } from "./analytics.ts";

export interface CollectorOptions {
  endpoint: string;
  uid: string;
  /** The page the reports belong to: the current route's name. */
  currentPage: () => string;
  /** Delivers one JSON batch; returns false when it could not be queued. */
  send: (endpoint: string, body: string) => boolean;
  maxBatch?: number;
}

export interface Collector extends AnalyticsProvider {
  flush(): void;
  pending(): number;
}

export function createCollector({ endpoint, uid, currentPage, send, maxBatch = 20 }: CollectorOptions): Collector {
  let queue: Collected[] = [];
  const flush = () => {
    while (queue.length) {
      const events = queue.slice(0, maxBatch);
      if (!send(endpoint, JSON.stringify({ events }))) return; // keep them for the next flush
      queue = queue.slice(events.length);
    }
  };
  const add = (item: Collected) => {
    queue.push(item);
    if (queue.length >= maxBatch) flush();
  };
  return {
    event: ({ category, action, label, value }) =>
      add({
        type: "event",
        uid,
        page: currentPage(),
        category,
        action,
        ...(label !== undefined && { label }),
        ...(value !== undefined && { value }),
      }),
    pageView: ({ page, title, source }) => {
      add({
        type: "pageview",
        uid,
        page,
        title: title.slice(0, 300),
        ...(source && Object.keys(source).length > 0 && { source }),
      });
      // A landing leaves at once, so a lead sent moments later finds its visit on the server.
      if (source) flush();
    },
    vital: ({ name, value, rating }) => add({ type: "vital", uid, page: currentPage(), name, value, rating }),
    flush,
    pending: () => queue.length,
  };
}

/** Sends with sendBeacon (text/plain, so a collector on another origin needs no preflight). */
export function beaconSend(endpoint: string, body: string): boolean {
  const blob = new Blob([body], { type: "text/plain;charset=UTF-8" });
  if (navigator.sendBeacon?.(endpoint, blob)) return true;
  void fetch(endpoint, { method: "POST", body: blob, keepalive: true, credentials: "omit" }).catch(() => {});
  return true;
}

/** Flushes every `everyMs` and whenever the page is hidden or unloaded. */
export function flushCollectorPeriodically(collector: Collector, everyMs = 4000): void {
  setInterval(collector.flush, everyMs);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") collector.flush();
  });
  window.addEventListener("pagehide", collector.flush);
}
