/**
 * What /metrics reports, one prom-client registry per app. The gauges are read at scrape time:
 * the outbox backlog from the shared database (every instance reports the same), health from this one's checks.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { consoleApiPath, isConsolePath } from "#common/console.ts";
import type { OutboxBacklog } from "../outbox/outbox-store.ts";

/** Requests grouped by what they are for, so a label never holds a visitor's path. */
export type RouteClass = "lead" | "measurement" | "console-api" | "console" | "health" | "metrics" | "page";

export function routeClassOf(routeUrl: string | undefined, path: string): RouteClass {
  if (routeUrl === "/contactUs" || routeUrl?.startsWith("/mailingList")) return "lead";
  if (routeUrl === "/api/collect" || routeUrl?.startsWith("/rum/")) return "measurement";
  if (path.startsWith(`${consoleApiPath}/`)) return "console-api";
  if (isConsolePath(path)) return "console";
  if (routeUrl === "/healthz") return "health";
  if (routeUrl === "/metrics") return "metrics";
  return "page";
}

const refusals: Record<number, string> = { 429: "rate-limited", 403: "cross-site", 413: "too-large" };
/** Why a lead or sign-up was not accepted, from its answer's status. */
export function leadOutcomeOf(status: number): string {
  if (status < 400) return "accepted";
  return refusals[status] ?? (status < 500 ? "invalid" : "unavailable");
}

export interface Readings {
  backlog(): Promise<OutboxBacklog[]>;
  health(): Promise<Record<string, string>>;
  /** The published content keys this instance cannot render (server/content/plugin.ts). */
  contentFailures?(): string[];
}

export function createMetrics(readings: Readings, now = () => Date.now()) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which promtool's lint refuses; the event loop lag and heap say more.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"])
    registry.removeSingleMetric(name);
  const requests = new Counter({
    name: "tallyway_http_requests_total",
    help: "HTTP requests answered, by route class and status class",
    labelNames: ["route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "tallyway_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route class",
    labelNames: ["route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const leads = new Counter({
    name: "tallyway_leads_total",
    help: "Contact requests (form=contact) and newsletter requests (form=newsletter), by outcome: accepted or why refused",
    labelNames: ["form", "outcome"] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: "tallyway_rate_limit_refusals_total",
    help: "Requests refused with 429 by a rate limit, by route class",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  const commits = new Histogram({
    name: "tallyway_database_commit_seconds",
    help: "Time a COMMIT of a write took (the disk sync on SQLite, the WAL flush on PostgreSQL)",
    labelNames: ["engine"] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  // The gauges below join this app's registry after the one that reads them (`registers: []` keeps them off
  // prom-client's global registry, where a second app in the process would collide).
  const outboxGauge = (name: string, help: string) =>
    new Gauge({ name: `tallyway_outbox_${name}`, registers: [], help, labelNames: ["kind"] as const });
  const backlogGauges = {
    open: outboxGauge("open", "Outbox entries neither delivered nor given up, by kind"),
    retrying: outboxGauge("retrying", "Open outbox entries with at least one failed attempt, by kind"),
    oldest: outboxGauge("oldest_age_seconds", "Age of the oldest open outbox entry, by kind (0 when none is open)"),
    givenUp: outboxGauge("given_up", "Outbox entries the receiver refused for good, not yet pruned, by kind"),
  };
  const health = new Gauge({
    name: "tallyway_health_check_ok",
    registers: [],
    help: "1 when this instance's health check passes, 0 when it fails (as /healthz)",
    labelNames: ["check"] as const,
  });

  // Each read by its own collect, synchronously: the list is this instance's, in memory.
  const contentFailing = new Gauge({
    name: "tallyway_content_render_failing",
    registers: [registry],
    help: "1 for each published content key whose pages this instance cannot render (they show the last text that rendered)",
    labelNames: ["key"] as const,
    collect() {
      // Only the keys failing now: one that renders again leaves the list.
      this.reset();
      for (const key of readings.contentFailures?.() ?? []) this.set({ key }, 1);
    },
  });
  const contentFailingKeys = new Gauge({
    name: "tallyway_content_render_failing_keys",
    registers: [registry],
    help: "How many published content keys this instance cannot render (0 when every key renders)",
    collect() {
      this.set(readings.contentFailures?.().length ?? 0);
    },
  });

  // Read at scrape time only: one backlog query and one round of health checks per scrape.
  const kinds: OutboxBacklog["kind"][] = ["mail", "webhook", "crm", "purge"];
  const scrapeReadings = new Gauge({
    name: "tallyway_scrape_readings_ok",
    help: "1 when the outbox and health readings of this scrape succeeded",
    registers: [registry],
    async collect() {
      const [backlog, checks] = await Promise.allSettled([readings.backlog(), readings.health()]);
      if (backlog.status === "fulfilled")
        for (const kind of kinds) {
          const row = backlog.value.find((entry) => entry.kind === kind);
          backlogGauges.open.set({ kind }, row?.open ?? 0);
          backlogGauges.retrying.set({ kind }, row?.retrying ?? 0);
          backlogGauges.givenUp.set({ kind }, row?.givenUp ?? 0);
          backlogGauges.oldest.set(
            { kind },
            row?.oldestQueuedAt ? Math.max(0, (now() - row.oldestQueuedAt.getTime()) / 1000) : 0,
          );
        }
      if (checks.status === "fulfilled")
        for (const [check, state] of Object.entries(checks.value)) health.set({ check }, state === "ok" ? 1 : 0);
      this.set(backlog.status === "fulfilled" && checks.status === "fulfilled" ? 1 : 0);
    },
  });
  for (const gauge of [...Object.values(backlogGauges), health]) registry.registerMetric(gauge);
  void [scrapeReadings, contentFailing, contentFailingKeys];

  return {
    registry,
    answered(route: RouteClass, status: number, seconds: number, form?: "contact" | "newsletter") {
      requests.inc({ route, status: `${Math.floor(status / 100)}xx` });
      duration.observe({ route }, seconds);
      if (status === 429) rateLimited.inc({ route });
      if (form) leads.inc({ form, outcome: leadOutcomeOf(status) });
    },
    committed(engine: string, seconds: number) {
      commits.observe({ engine }, seconds);
    },
  };
}
