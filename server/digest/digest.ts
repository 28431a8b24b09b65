/**
 * The weekly digest to sales (DIGEST_TO): last ISO week's figures against the week before, the
 * tops of the last seven days, and a link to the console; queued with the week as its once-key, so
 * however many instances (or restarts) try, one digest a week is queued (OutboxStore.addOnce).
 */
import { html, raw } from "#common/html.ts";
import type { SiteConfig } from "#common/site.ts";
import type { OutgoingMail } from "../outbox/mail.ts";
import type { OutboxStore } from "../outbox/outbox-store.ts";
import { usageReport, type UsageReport, type UsageSources } from "../measurement/usage-report.ts";

const day = 86_400_000;

/** Monday 00:00 UTC of the week holding `at`. */
export function weekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * day);
}

/** The ISO week of `at`, "2026-W47" (the week belongs to the year of its Thursday). */
export function isoWeek(at: Date): string {
  const thursday = new Date(weekStart(at).getTime() + 3 * day);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * day)) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** Sums the report's days in [from, to); `visitors` are each day's, added up (three days count three times). */
const figuresOf = (report: UsageReport, from: Date, to: Date) => {
  const [first, last] = [from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)];
  const days = report.daily.filter((d) => d.day >= first && d.day < last);
  const sum = (field: "visitors" | "views" | "leads" | "subscribers") => days.reduce((total, d) => total + d[field], 0);
  return { visitors: sum("visitors"), pageViews: sum("views"), leads: sum("leads"), subscribers: sum("subscribers") };
};

type WeekFigures = ReturnType<typeof figuresOf>;
type Digest = Awaited<ReturnType<typeof weeklyDigest>>;

/** The figures of the week before `now`'s week and of the one before it, from the usage report. */
export async function weeklyDigest(sources: UsageSources, now: Date) {
  const thisWeek = weekStart(now);
  const lastWeek = new Date(thisWeek.getTime() - 7 * day);
  const weekBefore = new Date(thisWeek.getTime() - 14 * day);
  const report = await usageReport(sources, { days: Math.ceil((now.getTime() - weekBefore.getTime()) / day), now });
  // The report counts from its start to now: the tops of the last seven days.
  const recent = await usageReport(sources, { days: 7, now });
  return {
    week: isoWeek(lastWeek),
    from: lastWeek.toISOString().slice(0, 10),
    to: new Date(thisWeek.getTime() - day).toISOString().slice(0, 10),
    lastWeek: figuresOf(report, lastWeek, thisWeek),
    weekBefore: figuresOf(report, weekBefore, lastWeek),
    // The seven days before the digest was made (early on Monday: last week).
    topPages: recent.pages.slice(0, 5).map(({ page, views }) => ({ page, views })),
    topSources: recent.acquisition.sources.slice(0, 5).map(({ source, visits }) => ({ source, visits })),
    topCampaigns: recent.acquisition.campaigns
      .slice(0, 5)
      .map(({ campaign, source, visits }) => ({ campaign, source, visits })),
  };
}

/** "+25%", "-10%", "new" (from nothing), "±0%". */
export function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "±0%" : "new";
  const percent = Math.round(((now - before) / before) * 100);
  return percent === 0 ? "±0%" : `${percent > 0 ? "+" : ""}${percent}%`;
}

function digestMail(site: SiteConfig, to: string, digest: Digest): OutgoingMail {
  const consoleUrl = `${site.siteUrl}/admin`;
  const rows: [string, number, number][] = [
    ["Visitors (daily, added up)", digest.lastWeek.visitors, digest.weekBefore.visitors],
    ["Page views", digest.lastWeek.pageViews, digest.weekBefore.pageViews],
    ["Leads", digest.lastWeek.leads, digest.weekBefore.leads],
    ["Newsletter sign-ups", digest.lastWeek.subscribers, digest.weekBefore.subscribers],
  ];
  const tops: [string, string[]][] = [
    ["Top pages (views, last 7 days)", digest.topPages.map((p) => `${p.page}: ${p.views}`)],
    ["Top sources (visits)", digest.topSources.map((s) => `${s.source}: ${s.visits}`)],
    ["Top campaigns (visits)", digest.topCampaigns.map((c) => `${c.campaign} (${c.source}): ${c.visits}`)],
  ];
  const title = `${site.brand} week ${digest.week.slice(-2)}: ${digest.lastWeek.leads} leads, ${digest.lastWeek.subscribers} sign-ups`;
  const text =
    `${site.brand} website, ${digest.from} to ${digest.to} (week ${digest.week}), against the week before:\n\n` +
    rows.map(([label, now, before]) => `${label}: ${now} (${before}, ${change(now, before)})`).join("\n") +
    `\n\n${tops.map(([heading, lines]) => `${heading}:\n${lines.map((line) => `  ${line}`).join("\n") || "  none"}`).join("\n\n")}\n\n` +
    `Leads and the full report: ${consoleUrl}\n`;
  const cell = raw('style="padding:4px 12px;text-align:right"');
  const body = html`<p>${site.brand} website, ${digest.from} to ${digest.to} (week ${digest.week}), against the week before:</p>\
<table><tr><th></th><th ${cell}>Last week</th><th ${cell}>Week before</th><th ${cell}>Change</th></tr>\
${rows.map(
  ([label, now, before]) =>
    html`<tr><th align="left">${label}</th><td ${cell}>${now}</td><td ${cell}>${before}</td><td ${cell}>${change(now, before)}</td></tr>`,
)}</table>\
${tops.map(([heading, lines]) => html`<p>${heading}:</p><ol>${lines.length ? lines.map((line) => html`<li>${line}</li>`) : raw("<li>none</li>")}</ol>`)}\
<p><a href="${consoleUrl}">Leads and the full report in the console</a></p>`;
  return { to, subject: title, text, html: body.toString() };
}

/** Queues last week's digest unless queued already or both weeks are empty (a new site); true when this call did. */
export async function queueWeeklyDigest(
  { store, sources, site, to }: { store: OutboxStore; sources: UsageSources; site: SiteConfig; to: string },
  now: Date,
): Promise<boolean> {
  const digest = await weeklyDigest(sources, now);
  const empty = (figures: WeekFigures) => Object.values(figures).every((value) => value === 0);
  if (empty(digest.lastWeek) && empty(digest.weekBefore)) return false;
  return store.addOnce(digestMail(site, to, digest), now, `digest:${digest.week}`);
}
