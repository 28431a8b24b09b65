/**
 * Starts the site's measurement once per page load and reports each navigation: a page view
 * to the analytics providers and the RUM pixel of requirements §7. With Do-Not-Track or Global
 * Privacy Control set nothing starts: no provider, no pixel, no web vitals, no uid stored.
 *
 * Tracking starts when the loaded page is idle: the first localStorage read (the uid) is a
 * synchronous round trip to the browser process, which is busy during the load (39 ms of
 * main-thread time measured on the home page, four times that on Lighthouse's phone).
 * Navigations and events reported before then wait and are sent in order (analytics.ts).
 */
import { landingSource, type LandingSource } from "#common/attribution.ts";
import { goalCategory } from "#common/goals.ts";
import {
  addAnalyticsProvider,
  analyticsStarted,
  trackEvent,
  trackingAllowed,
  trackPageView,
  trackVital,
  visitorId,
} from "./analytics.ts";
import { beaconSend, createCollector, flushCollectorPeriodically } from "./collector.ts";
import { linkGoal } from "./goal-links.ts";
import { createGoogleAnalytics, loadGoogleAnalytics } from "./google-analytics.ts";
import { whenIdleAfterLoad } from "./idle.ts";
import { nextRumBeacon, pageName, rumPixelUrl, type RumVisit } from "./rum.ts";
import { registerServiceWorker } from "#app/features/offline/register-service-worker.ts";
import { site } from "#app/shared/site.ts";
import { observeWebVitals } from "./web-vitals.ts";

let currentPage = pageName(typeof location === "undefined" ? "/" : location.pathname);
let rumVisit: RumVisit | undefined;
/** The visitor's id once tracking has started, or undefined when this visitor is not tracked. */
let visitor: Promise<string | undefined> | undefined;

/**
 * Starts measurement once per page load; resolves to the visitor's id once tracking has started.
 * `earlyLinks`: the addresses of links clicked since hydration, before this chunk ran (Measurement.tsx).
 */
export function startMeasurement(earlyLinks: readonly string[] = []): Promise<string | undefined> {
  if (visitor) return visitor;
  registerServiceWorker();
  // From hydration on, not from the idle start: a goal link clicked before then is reported too
  // (it waits with the other early reports, analytics.ts, and goes nowhere for an untracked visitor).
  for (const href of earlyLinks) reportGoal(href);
  document.addEventListener("click", reportGoalLink, true);
  document.addEventListener("auxclick", reportGoalLink, true);
  return (visitor = new Promise((resolve) =>
    whenIdleAfterLoad(() => {
      const uid = startTracking();
      analyticsStarted();
      resolve(uid);
    }),
  ));
}

function startTracking(): string | undefined {
  if (!trackingAllowed(navigator)) return undefined;
  let uid: string;
  try {
    uid = visitorId(localStorage);
  } catch {
    return undefined; // storage blocked: no stable visitor id, so no tracking either
  }
  const collector = createCollector({
    endpoint: `${site.serverBase}/api/collect`,
    uid,
    currentPage: () => currentPage,
    send: beaconSend,
  });
  addAnalyticsProvider(collector);
  flushCollectorPeriodically(collector);
  if (site.gaMeasurementId) {
    addAnalyticsProvider(createGoogleAnalytics(site.gaMeasurementId));
    loadGoogleAnalytics(site.gaMeasurementId);
  }
  observeWebVitals(trackVital);
  return uid;
}

/** A click (also a middle click) on a link that reaches a goal: the scheduling app, the feature list PDF. */
function reportGoalLink(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (link) reportGoal(link.href);
}

function reportGoal(href: string): void {
  const goal = linkGoal(href, site.schedulerUrl);
  if (goal) trackEvent({ category: goalCategory, action: goal });
}

/**
 * Reports arriving on `pathname` at `at` (epoch ms) with the page's `title`, taken after the
 * new page was rendered.
 * `transitionMs` is the route change's duration; undefined means the first load, timed by
 * the browser's navigation timing once the load event has finished.
 */
export function reportNavigation(
  { pathname, title, at }: { pathname: string; title: string; at: number },
  transitionMs: number | undefined,
): void {
  currentPage = pageName(pathname);
  // The referrer and campaign are the landing's: document.referrer and the URL as the page loaded.
  const source =
    transitionMs === undefined ? landingSource(location.href, document.referrer, location.host) : undefined;
  void startMeasurement().then((uid) => {
    if (uid) sendNavigation({ pathname, title, at, source }, transitionMs, uid);
  });
}

function sendNavigation(
  { pathname, title, at, source }: { pathname: string; title: string; at: number; source: LandingSource | undefined },
  transitionMs: number | undefined,
  uid: string,
): void {
  const page = pageName(pathname);
  trackPageView({ page, path: pathname, title, source });
  const beacon = nextRumBeacon(rumVisit, { page, now: at, loadMs: transitionMs ?? 0 });
  rumVisit = beacon.visit;
  const params = {
    rumHost: site.rumHost,
    site: site.rumSite,
    page,
    uid,
    lastPage: beacon.lastPage,
    secondsOnLastPage: beacon.secondsOnLastPage,
  };
  if (transitionMs !== undefined) sendPixel(rumPixelUrl({ ...params, loadMs: transitionMs }));
  else void firstLoadDuration().then((loadMs) => sendPixel(rumPixelUrl({ ...params, loadMs })));
}

function sendPixel(url: string): void {
  const pixel = new Image(1, 1);
  pixel.src = url;
}

/** Milliseconds from the start of navigation to the end of the load event. */
function firstLoadDuration(): Promise<number> {
  const measure = () => {
    const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return entry && entry.loadEventEnd > 0 ? entry.loadEventEnd : performance.now();
  };
  if (document.readyState === "complete") return Promise.resolve(measure());
  // loadEventEnd is set only after the load handlers return, so read it a task later.
  return new Promise((resolve) =>
    window.addEventListener("load", () => setTimeout(() => resolve(measure()), 0), { once: true }),
  );
}
