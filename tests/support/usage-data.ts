/**
 * A month of plausible site usage written into a database, the same every run (seeded random):
 * page views with their sources and campaigns, goals along the funnel, web vitals, video plays,
 * leads and subscribers, for the usage report's tests and for looking at its HTML rendering.
 */
import type { LandingSource } from "#common/attribution.ts";
import { goalCategory, type Goal } from "#common/goals.ts";
import type { Collected } from "#common/measurement.ts";
import { rateVital } from "#common/web-vitals.ts";
import { transaction, type SqliteDatabase } from "../../server/db/database.ts";
import { sourceOf } from "../../server/measurement/sources.ts";
import { rollupRebuild } from "./usage-rollups.ts";
import { eventRow, type Received } from "../../server/measurement/store.ts";

const pages: [string, number][] = [
  ["home", 40],
  ["features", 18],
  ["products", 12],
  ["demo", 10],
  ["features-billing", 7],
  ["features-project", 6],
  ["demo-timesheet", 6],
  ["contact", 5],
  ["support", 3],
  ["about", 2],
];
/** Where visits come from: a landing source (common/attribution.ts) and how much likelier such a visit goes on to contact. */
const sources: [{ source: LandingSource; pull: number }, number][] = [
  [{ source: {}, pull: 1 }, 34],
  [{ source: { referrer: "www.google.com" }, pull: 1.1 }, 22],
  [{ source: { referrer: "www.google.de" }, pull: 1.1 }, 3],
  [{ source: { referrer: "www.bing.com" }, pull: 1 }, 4],
  [{ source: { referrer: "duckduckgo.com" }, pull: 1 }, 3],
  [{ source: { referrer: "www.linkedin.com" }, pull: 0.8 }, 6],
  [{ source: { referrer: "t.co" }, pull: 0.5 }, 2],
  [{ source: { referrer: "appexchange.example.com" }, pull: 2 }, 5],
  [{ source: { referrer: "blog.partner.example" }, pull: 1.4 }, 3],
  [{ source: { utm_source: "newsletter", utm_medium: "email", utm_campaign: "autumn" }, pull: 1.8 }, 7],
  [
    {
      source: {
        utm_source: "linkedin",
        utm_medium: "social",
        utm_campaign: "spring-webinar",
        referrer: "www.linkedin.com",
      },
      pull: 1.2,
    },
    4,
  ],
  [
    {
      source: { utm_source: "google", utm_medium: "cpc", utm_campaign: "timesheets-search", utm_term: "timesheet app" },
      pull: 1.5,
    },
    5,
  ],
];
const featurePages: [string, number][] = [
  ["features", 5],
  ["features-billing", 3],
  ["features-project", 3],
  ["demo", 4],
  ["demo-timesheet", 2],
];
const videos: [string, number][] = [
  ["Timesheet walkthrough", 0.55],
  ["Timer", 0.4],
  ["New time entry", 0.62],
  ["Project allocation", 0.3],
];

/**
 * Writes `days` days of usage ending at `now`: the analytics events through the measurement
 * store (as the collector writes them), leads and subscribers as rows dated in the past, which
 * their stores cannot write. Returns the page views and visitors written.
 */
export function seedUsage(db: SqliteDatabase, options: { now?: Date; days?: number; seed?: number } = {}) {
  const events: Received<Collected>[] = [];
  return transaction(db, () => {
    const written = seedRows(db, events, options);
    const insert = db.prepare(
      `INSERT INTO analytics_events (received_at, type, uid, page, title, category, action, label, value, rating,
         referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, ref, device, browser)
       VALUES (${Array(19).fill("?").join(", ")})`,
    );
    for (const e of events) insert.run(...eventRow(e));
    // Rolled up as the migration's backfill does (usage-report.contract.ts: the same report as the batch writer's).
    db.exec(rollupRebuild("sqlite"));
    return written;
  });
}

function seedRows(
  db: SqliteDatabase,
  events: Received<Collected>[],
  { now = new Date(), days = 30, seed = 7 }: { now?: Date; days?: number; seed?: number },
) {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(weighted: [T, number][]) => {
    let r = random() * weighted.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, w] of weighted) if ((r -= w) <= 0) return value;
    return weighted[0][0];
  };
  const lead = db.prepare(
    `INSERT INTO leads (created_at, domain, type, name, email, subject, details, first_source, first_campaign, first_landing, visit_source,
       visit_campaign, visit_landing) VALUES (?, 'www.tallyway.example', 'Lead', 'Ann', ?, 'Enquiry', 'Question', ?, ?, ?, ?, ?, ?)`,
  );
  const subscriber = db.prepare(
    "INSERT INTO subscribers (list, email, email_key, first_name, last_name, status, created_at, updated_at) VALUES ('tallyway.example', ?, ?, '', '', 'subscribed', ?, ?)",
  );
  const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
  let rows = 0;
  let people = 0;
  for (let d = days - 1; d >= 0; d--) {
    const day = new Date(now.getTime() - d * 86_400_000);
    const weekday = day.getUTCDay() % 6 !== 0;
    const visitors = Math.round((weekday ? 60 : 25) * (1 + (days - d) / days) * (0.8 + random() * 0.4));
    // Vitals improve over the month (a performance fix lands halfway).
    const better = d < days / 2 ? 0.7 : 1;
    for (let v = 0; v < visitors; v++) {
      const id = uid(++people);
      // Minutes into the visit, in order (a visit lasts under 7 minutes, visitors 7 minutes apart).
      const at = (minute: number) => new Date(day.getTime() - (v * 7 + 6 - minute) * 60_000).toISOString();
      // A visit: a landing with its source, then perhaps a feature or demo page, contact or support, a lead.
      const { source, pull } = pick(sources);
      const path = [pick(pages)];
      if (random() < 0.45 * pull) path.push(pick(featurePages));
      if (path.length === 2 && random() < 0.22 * pull) path.push(random() < 0.75 ? "contact" : "support");
      else if (random() < 0.3) path.push(pick(pages));
      const views = path.length;
      path.forEach((page, p) =>
        events.push({
          receivedAt: at(p),
          type: "pageview",
          uid: id,
          page,
          ...(p === 0 && Object.keys(source).length && { source }),
        }),
      );
      const goal = (reached: Goal, minute: number, page: string) =>
        events.push({ receivedAt: at(minute), type: "event", uid: id, page, category: goalCategory, action: reached });
      if (path.at(-1) === "contact" && random() < 0.45) {
        goal("contact-sent", views, "contact");
        // The lead itself, attributed to this (first and only) visit as the server would.
        const { source: name, campaign } = sourceOf(source);
        lead.run(at(views), `lead${people}@example.com`, name, campaign, path[0], name, campaign, path[0]);
      }
      if (random() < 0.03 * pull) goal("schedule-call", views, path.at(-1)!);
      if (random() < 0.02) goal("feature-list-pdf", views, "media");
      if (random() < 0.025) {
        goal("newsletter-requested", views, "home");
        if (random() < 0.7) goal("subscription-confirmed", views + 1, "newsletter-confirm");
      }
      for (const [name, base, spread] of [
        ["LCP", 2100, 1900],
        ["CLS", 0.04, 0.2],
        ["INP", 120, 260],
        ["FCP", 1200, 1300],
        ["TTFB", 350, 700],
      ] as const) {
        if (random() < 0.6) {
          const value = (base + random() * spread) * better;
          events.push({
            receivedAt: at(0),
            type: "vital",
            uid: id,
            page: "home",
            name,
            value,
            rating: rateVital(name, value),
          });
        }
      }
      if (random() < 0.12) {
        const label = pick(videos.map(([name]) => [name, 1] as [string, number]));
        const play = { type: "event", uid: id, page: "demo", category: "video", label } as const;
        events.push({ ...play, receivedAt: at(1), action: "start", value: 0 });
        if (random() < videos.find(([name]) => name === label)![1])
          events.push({ ...play, receivedAt: at(2), action: "complete", value: 100 });
      }
      rows += views;
    }
    const signups = Math.floor(random() * 4);
    for (let s = 0; s < signups; s++) {
      const email = `reader${d}-${s}@example.com`;
      const at = new Date(day.getTime() - s * 3_600_000).toISOString();
      subscriber.run(email, email, at, at);
    }
  }
  return { pageViews: rows, visitors: people };
}
