/**
 * The one door every page and component reports through. Components call `trackEvent`;
 * navigations call `trackPageView` and the web-vitals observer `trackVital`. Providers (the
 * first-party collector, Google Analytics when configured) register with
 * `addAnalyticsProvider` at start-up (measurement.ts) and decide where the reports
 * go. With Do-Not-Track or Global Privacy Control no provider is registered, so every
 * report goes nowhere.
 *
 * Measurement starts only once the loaded page is idle, but a visitor may press play or a
 * schedule-call button before that: reports made before `analyticsStarted()` wait, in order
 * (at most `maxWaitingReports`), and then go to the providers registered by then, if any.
 */
import type { LandingSource } from "#common/attribution.ts";
import type { VitalName, VitalRating } from "#common/web-vitals.ts";

export interface AnalyticsEvent {
  category: string;
  action: string;
  label?: string;
  value?: number;
}

export interface PageView {
  /** Path-safe route name (rum.ts pageName), e.g. "features-billing". */
  page: string;
  path: string;
  title: string;
  /** On the first page view of a page load only: where the visitor came from (common/attribution.ts). */
  source?: LandingSource;
}

export interface VitalReport {
  name: VitalName;
  value: number;
  rating: VitalRating;
}

export interface AnalyticsProvider {
  event(event: AnalyticsEvent): void;
  pageView?(view: PageView): void;
  vital?(vital: VitalReport): void;
}

const providers = new Set<AnalyticsProvider>();

export function addAnalyticsProvider(provider: AnalyticsProvider): () => void {
  providers.add(provider);
  return () => providers.delete(provider);
}

export const maxWaitingReports = 100;
let waiting: (() => void)[] | null = [];

function deliver(report: () => void): void {
  if (!waiting) report();
  else if (waiting.length < maxWaitingReports) waiting.push(report);
}

/** Measurement has started (with its providers, or with none for a visitor who asked not to be tracked). */
export function analyticsStarted(): void {
  const queued = waiting ?? [];
  waiting = null;
  for (const report of queued) report();
}

export function trackEvent(event: AnalyticsEvent): void {
  deliver(() => {
    for (const provider of providers) provider.event(event);
  });
}

export function trackPageView(view: PageView): void {
  deliver(() => {
    for (const provider of providers) provider.pageView?.(view);
  });
}

export function trackVital(vital: VitalReport): void {
  deliver(() => {
    for (const provider of providers) provider.vital?.(vital);
  });
}

/** Requirements §7 and the privacy policy: Do-Not-Track or Global Privacy Control means no tracking at all. */
export function trackingAllowed(navigator: { doNotTrack?: string | null; globalPrivacyControl?: boolean }): boolean {
  const dnt = navigator.doNotTrack;
  return !(dnt === "1" || dnt === "yes" || navigator.globalPrivacyControl === true);
}

/** The anonymous visitor id (requirements §7, localStorage `uid`): a random UUID made on the first visit. */
export function visitorId(
  storage: Pick<Storage, "getItem" | "setItem">,
  makeId: () => string = () => crypto.randomUUID(),
): string {
  const stored = storage.getItem("uid");
  if (stored) return stored;
  const id = makeId();
  storage.setItem("uid", id);
  return id;
}

/**
 * The optional visitor-id parameter of the lead calls, so the server can link a lead to its
 * visits: the stored `uid`, never a new one, and none under Do-Not-Track or GPC.
 */
export function withVisitorId(
  url: string,
  navigator: { doNotTrack?: string | null; globalPrivacyControl?: boolean } | undefined = globalThis.navigator,
  storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage,
): string {
  let uid: string | null;
  try {
    uid = navigator && trackingAllowed(navigator) ? (storage?.getItem("uid") ?? null) : null;
  } catch {
    return url; // storage blocked
  }
  return uid ? `${url}${url.includes("?") ? "&" : "?"}vid=${encodeURIComponent(uid)}` : url;
}
