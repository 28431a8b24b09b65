/**
 * Observes the page's web vitals once per page load and reports each with its requirements §9
 * rating. The web-vitals library is its own small chunk, imported when measurement starts
 * (after the load event, when the page is idle: measurement.ts), so measuring never delays
 * the content it measures; its observers read the entries buffered before that. FID comes from a first-input
 * observer because web-vitals 4 and later no longer report it.
 */
import { rateVital, type VitalName } from "#common/web-vitals.ts";
import type { VitalReport } from "./analytics.ts";

export function observeWebVitals(report: (vital: VitalReport) => void): void {
  const send = (name: VitalName, value: number) => report({ name, value, rating: rateVital(name, value) });
  void import("web-vitals").then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
    for (const observe of [onCLS, onFCP, onINP, onLCP, onTTFB]) observe((metric) => send(metric.name, metric.value));
  });
  observeFirstInputDelay((delay) => send("FID", delay));
}

function observeFirstInputDelay(report: (delay: number) => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes("first-input")) return;
  const observer = new PerformanceObserver((list) => {
    const entry = list.getEntries()[0] as PerformanceEventTiming | undefined;
    if (!entry) return;
    observer.disconnect();
    report(entry.processingStart - entry.startTime);
  });
  observer.observe({ type: "first-input", buffered: true });
}
