// The Usage page as a marketing team uses it (issue 31), on the shared e2e server: two visits
// from sources of this run's own, then a click on one source filters the whole report (visits, and
// page views and top pages too), the URL carries the filter (and survives a reload), the lead list
// is one click away, and axe passes.
import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { e2eDataDir } from "./stored.ts";

const run = Date.now().toString(36);
const owner = `usage-owner-${run}@example.com`;
const password = "plum-kettle-orbit-47";
const ads = `ads-${run}`;
const mail = `mail-${run}`;
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

interface Answer {
  report: {
    acquisition: { sources: { source: string; visits: number }[] };
    totals: { pageViews: number };
    pages: { page: string; views: number }[];
  };
}

/** The report's answer for a query string, as the page reads it. */
const usageOf = (page: Page, query: string) =>
  page.evaluate((q) => fetch(`/admin/api/usage?${q}`).then((r) => r.json()), query) as Promise<Answer>;

test.beforeAll(() => {
  const added = execFileSync(
    "npm",
    ["run", "-s", "users", "--", "add", owner, "--role", "owner", "--data-dir", e2eDataDir()],
    { input: `${password}\n`, encoding: "utf8" },
  );
  expect(added).toContain(`Added ${owner} (owner)`);
});

/** A visit that lands with these campaign parameters, measured once its page view has left. */
async function land(page: Page, query: string) {
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/collect");
  await page.goto(`/features?${query}`);
  await sent;
}

async function signIn(page: Page) {
  await page.goto("/admin", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill(owner);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
}

test("clicking a source filters the whole report, the URL carries it, and the lead list is one click away", async ({
  browser,
  page,
  consoleErrors,
}) => {
  for (const query of [`utm_source=${ads}&utm_medium=cpc&utm_campaign=c-${run}`, `utm_source=${mail}`]) {
    const visitor = await browser.newContext();
    await land(await visitor.newPage(), query);
    await visitor.close();
  }
  await signIn(page);
  // The collector writes in batches: wait until both visits are in the report.
  await expect
    .poll(async () => {
      const answer = (await page.evaluate(() => fetch("/admin/api/usage?days=7").then((r) => r.json()))) as Answer;
      return answer.report.acquisition.sources.filter((s) => s.source.includes(run)).length;
    })
    .toBe(2);

  await page.goto("/admin/usage?days=7", { waitUntil: "domcontentloaded" });
  const sources = page.getByRole("list", { name: "Sources by visits" });
  // The top pages follow the filter too: the whole site's /features has both landings, the source's one.
  const topPages = page.getByRole("list", { name: "Top pages by page views" });
  // Every page's views are in the panel's table (folded away: read as text, not as a visible cell).
  const featuresViews = async () =>
    Number(
      await page
        .locator("table", { has: page.locator("caption", { hasText: /^All pages$/ }) })
        .locator("tr", { has: page.locator("th", { hasText: /^\/features$/ }) })
        .locator("td")
        .nth(1)
        .textContent(),
    );
  await expect(topPages).toBeVisible();
  // Other specs may add page views meanwhile: at least this run's two landings.
  expect(await featuresViews()).toBeGreaterThanOrEqual(2);
  // Paid search is apart from the same source unpaid.
  await sources.getByRole("link", { name: `${ads} (paid)`, exact: true }).click();
  const query = () => Object.fromEntries(new URL(page.url()).searchParams);
  await expect.poll(query).toEqual({ days: "7", source: `${ads} (paid)` });
  const filters = page.getByRole("group", { name: "Filters" });
  await expect(filters).toContainText(`Source: ${ads} (paid)`);
  // The whole page follows: one source left, its campaign, one visit.
  // Its leads (a link for owners) beside its visits, each figure with its unit.
  await expect(sources.getByRole("link")).toHaveText([`${ads} (paid)`, /^\d+ leads?$/]);
  // The count ends the row, right after the leads link: "… 0 leads1 visit" as text.
  await expect(sources.getByRole("listitem")).toContainText(/(?<!\d)1 visit$/);
  await expect(page.getByRole("list", { name: "Campaigns by visits" }).getByRole("link").first()).toHaveText(
    `c-${run}`,
  );
  await expect(page.getByRole("list", { name: "Devices by visits" })).toContainText("desktop");
  // Page views follow: the source's one landing is its one page view, on /features alone.
  await expect(topPages.getByRole("listitem")).toHaveCount(1);
  // Pages by the title the site shows, their path beside it (issue 44).
  await expect(topPages.getByRole("link", { name: "Features", exact: true })).toBeVisible();
  await expect(topPages.getByRole("listitem")).toContainText("/features");
  await expect(
    page
      .locator("table", { has: page.locator("caption", { hasText: /^All pages$/ }) })
      .locator("tr", { has: page.locator("th", { hasText: /^\/features$/ }) })
      .locator("td")
      .first(),
  ).toHaveText("Features");
  // Each figure with its unit, in the singular for one.
  await expect(topPages.getByRole("listitem")).toContainText(/(?<!\d)1 view1 visitor$/);
  expect(await featuresViews()).toBe(1);
  const filtered = await usageOf(page, new URLSearchParams({ days: "7", source: `${ads} (paid)` }).toString());
  expect([filtered.report.totals.pageViews, filtered.report.pages.map((p) => [p.page, p.views])]).toEqual([
    1,
    [["features", 1]],
  ]);
  expect((await usageOf(page, "days=7")).report.totals.pageViews).toBeGreaterThan(1);

  // Shareable: a reload shows the same filtered view.
  await page.reload({ waitUntil: "domcontentloaded" });
  await expect(filters).toContainText(`Source: ${ads} (paid)`);
  // Its leads (a link for owners) beside its visits, each figure with its unit.
  await expect(sources.getByRole("link")).toHaveText([`${ads} (paid)`, /^\d+ leads?$/]);
  // The count ends the row, right after the leads link: "… 0 leads1 visit" as text.
  await expect(sources.getByRole("listitem")).toContainText(/(?<!\d)1 visit$/);
  expect(query()).toEqual({ days: "7", source: `${ads} (paid)` });
  const leads = new URL((await filters.getByRole("link", { name: "Their leads →" }).getAttribute("href"))!, page.url());
  expect([leads.pathname, Object.fromEntries(leads.searchParams)]).toEqual([
    "/admin/leads",
    { source: `${ads} (paid)` },
  ]);

  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // A top page filters the visits that viewed it, anywhere in them (issue 44); where visits
  // entered is the Entry pages list's filter, a separate one.
  await topPages.getByRole("link", { name: "Features", exact: true }).click();
  await expect.poll(query).toEqual({ days: "7", source: `${ads} (paid)`, viewed: "features" });
  await expect(filters).toContainText("Viewed page: Features");
  await expect(topPages.getByRole("listitem")).toContainText(/(?<!\d)1 view1 visitor$/);
  const entry = page.getByRole("list", { name: "Entry pages by visits" }).getByRole("link").first();
  expect(new URL((await entry.getAttribute("href"))!, page.url()).searchParams.get("page")).toBe("features");
  await filters.getByRole("link", { name: "Remove filter Viewed page: Features" }).click();
  await expect.poll(query).toEqual({ days: "7", source: `${ads} (paid)` });

  // Removing the filter brings every source back.
  await filters.getByRole("link", { name: `Remove filter Source: ${ads} (paid)` }).click();
  await expect(page).toHaveURL(/\/admin\/usage\?days=7$/);
  await expect(sources.getByRole("link", { name: mail, exact: true })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
