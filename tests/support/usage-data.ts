/**
 * A month of plausible site usage written into a database, the same every run (seeded random):
 * page views, web vitals, video plays, leads and subscribers, for the usage report's tests and
 * for looking at its HTML rendering.
 */
import type { Collected } from "../../common/measurement.ts";
import { rateVital } from "../../common/web-vitals.ts";
import { transaction, type Database } from "../../server/db/database.ts";
import type { Received } from "../../server/measurement/store.ts";
import { sqliteMeasurementStore } from "../../server/measurement/store-sqlite.ts";

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
export function seedUsage(db: Database, options: { now?: Date; days?: number; seed?: number } = {}) {
  const events: Received<Collected>[] = [];
  const written = transaction(db, () => seedRows(db, events, options));
  void sqliteMeasurementStore(db).addEvents(events);
  return written;
}

function seedRows(
  db: Database,
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
    "INSERT INTO leads (created_at, domain, type, name, email, subject, details) VALUES (?, 'www.tallyway.example', 'Lead', 'Ann', ?, 'Enquiry', 'Question')",
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
      const at = (minute: number) => new Date(day.getTime() - (v * 7 + minute) * 60_000).toISOString();
      const views = 1 + Math.floor(random() * 3);
      for (let p = 0; p < views; p++) events.push({ receivedAt: at(p), type: "pageview", uid: id, page: pick(pages) });
      for (const [name, base, spread] of [
        ["LCP", 2100, 1900],
        ["CLS", 0.04, 0.2],
        ["INP", 120, 260],
        ["FCP", 1200, 1300],
        ["TTFB", 350, 700],
      ] as const) {
        if (random() < 0.6) {
          const value = (base + random() * spread) * better;
          events.push({ receivedAt: at(0), type: "vital", uid: id, page: "home", name, value, rating: rateVital(name, value) });
        }
      }
      if (random() < 0.12) {
        const label = pick(videos.map(([name]) => [name, 1] as [string, number]));
        const play = { type: "event", uid: id, page: "demo", category: "video", label } as const;
        events.push({ ...play, receivedAt: at(1), action: "start", value: 0 });
        if (random() < videos.find(([name]) => name === label)![1]) events.push({ ...play, receivedAt: at(2), action: "complete", value: 100 });
      }
      rows += views;
    }
    const leads = Math.floor(random() * (weekday ? 5 : 2));
    for (let l = 0; l < leads; l++) lead.run(new Date(day.getTime() - l * 3_600_000).toISOString(), `lead${d}-${l}@example.com`);
    const signups = Math.floor(random() * 4);
    for (let s = 0; s < signups; s++) {
      const email = `reader${d}-${s}@example.com`;
      const at = new Date(day.getTime() - s * 3_600_000).toISOString();
      subscriber.run(email, email, at, at);
    }
  }
  return { pageViews: rows, visitors: people };
}
