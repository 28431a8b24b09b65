/**
 * The one door every page and component reports through. Components call `trackEvent`;
 * providers (the first-party collector, Google Analytics when configured) register with
 * `addAnalyticsProvider` at start-up and decide where the reports go.
 */
export interface AnalyticsEvent {
  category: string;
  action: string;
  label?: string;
  value?: number;
}

export interface AnalyticsProvider {
  event(event: AnalyticsEvent): void;
}

const providers = new Set<AnalyticsProvider>();

export function addAnalyticsProvider(provider: AnalyticsProvider): () => void {
  providers.add(provider);
  return () => providers.delete(provider);
}

export function trackEvent(event: AnalyticsEvent): void {
  for (const provider of providers) provider.event(event);
}
