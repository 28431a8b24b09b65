/**
 * Google Analytics 4, only when a measurement ID is configured (site.gaMeasurementId). The
 * provider queues commands on `dataLayer`; gtag.js itself is added by measurement.ts, which
 * starts only when the page is idle after the load event, so it never competes with the
 * page's own content for LCP.
 */
import type { AnalyticsProvider } from "./analytics.ts";

type GtagWindow = { dataLayer?: unknown[] };

export function createGoogleAnalytics(
  measurementId: string,
  target: GtagWindow = window as GtagWindow,
): AnalyticsProvider {
  const dataLayer = (target.dataLayer ??= []);
  // gtag.js reads `arguments` objects from dataLayer, not arrays.
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  }
  gtag("js", new Date());
  // Page views are sent by us on every route change, not by gtag on load only.
  gtag("config", measurementId, { send_page_view: false });
  return {
    event: ({ category, action, label, value }) =>
      gtag("event", action, { event_category: category, event_label: label, value }),
    pageView: ({ path, title }) =>
      gtag("event", "page_view", { page_path: path, page_title: title, page_location: location.href }),
    vital: ({ name, value, rating }) =>
      gtag("event", name, {
        event_category: "Web Vitals",
        value: Math.round(name === "CLS" ? value * 1000 : value),
        metric_rating: rating,
        non_interaction: true,
      }),
  };
}

/** Adds gtag.js to the page. */
export function loadGoogleAnalytics(measurementId: string): void {
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.append(script);
}
