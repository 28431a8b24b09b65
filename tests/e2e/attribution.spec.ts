// Attribution end to end (issue 21), each test on a real server of its own with a fresh
// database, so the report's counts are this test's alone: a campaign landing that sends the
// contact form, a visit from another site, and a visitor with Global Privacy Control.
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { startServer, type RunningServer } from "../support/server.ts";
import { expect, test as base } from "./fixtures.ts";
import { serverDatabase } from "../support/server-database.ts";

const test = base.extend<{ site: RunningServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies by destructuring
  site: async ({}, use) => {
    const server = await startServer();
    await use(server);
    await server.stop();
  },
  baseURL: async ({ site }, use) => use(site.url),
});

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Report {
  acquisition: {
    visits: number;
    sources: { source: string; kind: string; visits: number; goals: Record<string, { visits: number }> }[];
    campaigns: { campaign: string; source: string; visits: number; goals: Record<string, { visits: number }> }[];
    funnel: { steps: { step: string; visits: number }[] };
  };
}

/** `npm run -s stats -- --format json --data-dir …`, as an operator runs it. */
function stats(dataDir: string): Report {
  const out = execFileSync("npm", ["run", "-s", "stats", "--", "--format", "json", "--data-dir", dataDir], {
    env: { ...process.env, DATABASE_URL: "" },
  });
  return JSON.parse(out.toString());
}

/** `npm run -s leads -- --data-dir …` read back with a CSV parser. */
function exportedLeads(dataDir: string): Record<string, string>[] {
  const out = execFileSync("npm", ["run", "-s", "leads", "--", "--data-dir", dataDir], {
    env: { ...process.env, DATABASE_URL: "" },
  });
  return parse(out.toString(), { columns: true }) as Record<string, string>[];
}

function rowCount(dataDir: string, table: string): number {
  const db = serverDatabase(dataDir, { readOnly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The collector's batches with a landing source in them. */
function landings(page: Page) {
  const sources: Record<string, string>[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname !== "/api/collect") return;
    for (const event of (JSON.parse(request.postData() ?? "{}") as { events: { source?: Record<string, string> }[] })
      .events)
      if (event.source) sources.push(event.source);
  });
  return sources;
}

async function sendContact(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill("Ann Lee");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("How can we help?").fill("How much for 20 users?");
  const request = page.waitForRequest((r) => r.url().includes("/contactUs?"));
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(
    page.getByRole("region", { name: "Notifications" }).getByText("Thank you - we have your question"),
  ).toBeVisible();
  return new URL((await request).url());
}

test("a campaign landing that sends the contact form: the lead's export and the usage report name the campaign", async ({
  page,
  site,
}) => {
  const sources = landings(page);
  await page.goto("/?utm_source=newsletter&utm_campaign=autumn");
  // The landing page view leaves as soon as measurement starts, with its campaign.
  await expect.poll(() => sources).toEqual([{ utm_source: "newsletter", utm_campaign: "autumn" }]);
  await page.goto("/contact");
  const call = await sendContact(page, "autumn@example.com");
  const uid = await page.evaluate(() => localStorage.getItem("uid"));
  expect(uid).toMatch(uuid);
  expect(call.searchParams.get("vid")).toBe(uid);

  const [lead] = exportedLeads(site.dataDir);
  expect(lead).toMatchObject({
    email: "autumn@example.com",
    first_source: "newsletter",
    first_campaign: "autumn",
    first_landing: "home",
    visit_source: "newsletter",
    visit_campaign: "autumn",
    visit_landing: "home",
  });
  // The server counts the goal when the lead is stored (written a moment later, in a batch).
  await expect
    .poll(() =>
      stats(site.dataDir).acquisition.campaigns.map((c) => [
        c.campaign,
        c.source,
        c.visits,
        c.goals["contact-sent"].visits,
      ]),
    )
    .toEqual([["autumn", "newsletter", 1, 1]]);
  const { acquisition } = stats(site.dataDir);
  expect(acquisition.visits).toBe(1);
  expect(acquisition.sources.map((s) => [s.source, s.kind, s.visits])).toEqual([["newsletter", "campaign", 1]]);
  expect(acquisition.funnel.steps.map((s) => s.visits)).toEqual([1, 0, 0, 0]);
});

test("a visit from a link on another site is counted under that site's host, without its path", async ({
  page,
  site,
}) => {
  const partner = "http://blog.partner.example";
  // A page of another origin, served by the test, with a link to the site (page routes win over the fixture's block).
  await page.route(`${partner}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Partner</title><a href="${site.url}/features">Tallyway features</a>`,
    }),
  );
  const sources = landings(page);
  await page.goto(`${partner}/posts/time-tracking?id=7`);
  await page.getByRole("link", { name: "Tallyway features" }).click();
  await expect(page).toHaveTitle(/^Features/);
  expect(await page.evaluate(() => document.referrer)).toBe(`${partner}/`);
  await expect.poll(() => sources).toEqual([{ referrer: "blog.partner.example" }]);
  await expect
    .poll(() => stats(site.dataDir).acquisition.sources.map((s) => [s.source, s.kind, s.visits]))
    .toEqual([["blog.partner.example", "referral", 1]]);
  // The landing on a feature page is the funnel's second step already.
  expect(stats(site.dataDir).acquisition.funnel.steps.map((s) => s.visits)).toEqual([1, 1, 0, 0]);
});

test("with Global Privacy Control nothing is recorded: no page view, no visitor id on the lead, no attribution", async ({
  page,
  site,
}) => {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
  );
  const measured: string[] = [];
  page.on("request", (request) => {
    if (/\/rum\/|\/api\/collect/.test(request.url())) measured.push(request.url());
  });
  await page.goto("/?utm_source=newsletter&utm_campaign=autumn");
  await page.waitForLoadState("networkidle");
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  const call = await sendContact(page, "private@example.com");
  expect(call.searchParams.has("vid")).toBe(false);
  await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
  expect(measured).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("uid"))).toBeNull();
  const [lead] = exportedLeads(site.dataDir);
  expect(lead).toMatchObject({ email: "private@example.com", first_source: "", first_campaign: "", visit_source: "" });
  expect([rowCount(site.dataDir, "analytics_events"), rowCount(site.dataDir, "rum_beacons")]).toEqual([0, 0]);
  expect(stats(site.dataDir).acquisition.visits).toBe(0);
});
