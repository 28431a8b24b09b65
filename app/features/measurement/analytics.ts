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

/** Spec §7 and the privacy policy: Do-Not-Track or Global Privacy Control means no tracking at all. */
export function trackingAllowed(navigator: { doNotTrack?: string | null; globalPrivacyControl?: boolean }): boolean {
  const dnt = navigator.doNotTrack;
  return !(dnt === "1" || dnt === "yes" || navigator.globalPrivacyControl === true);
}

/** The anonymous visitor id (spec §7, localStorage `uid`): a random UUID made on the first visit. */
export function visitorId(storage: Pick<Storage, "getItem" | "setItem">, makeId: () => string = () => crypto.randomUUID()): string {
  const stored = storage.getItem("uid");
  if (stored) return stored;
  const id = makeId();
  storage.setItem("uid", id);
  return id;
}
