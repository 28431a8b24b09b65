// Named integrations (issue 43 point 1) in Chromium against the real server. With the key empty, Billing,
// Payroll and Products name no system and carry no integrations block; an editor made with the CLI then
// names two systems in the console's form, publishes, and a visitor sees each where it belongs with no
// build. A server and data folder of its own, so the shared server's pages name nothing while other specs
// read them; it still ends as it started. Screenshots of the block at 1440, 390 and 320 px go to
// test-results/integrations/.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, publishTimeout, test as base } from "./fixtures.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const run = Date.now().toString(36);
const password = "plum-kettle-orbit-47";
const editor = `integrations-editor-${run}@example.com`;
const shots = "test-results/integrations";
// Names no page carries unless they are published: the run's mark makes them this run's own.
const accounting = `Ledgerly ${run}`;
const payroll = `Payfold ${run}`;
const pages = ["/features/billing", "/features/payroll-integration", "/products"];

/** What a fresh visitor's load of a page names under "Integrations", once the server has re-rendered it. */
const namedOn = async (page: Page, path: string) => {
  const visitor = await page
    .context()
    .browser()!
    .newPage({ baseURL: new URL(page.url()).origin });
  await visitor.goto(path, { waitUntil: "domcontentloaded" });
  // Each entry's first line is the system's name (a link's new-tab hint is for screen readers).
  const names = (
    await visitor.locator('ul[aria-label="Integrations"] > li > span:last-child > span:first-child').allTextContents()
  ).map((name) => name.replace(" (opens in a new tab)", ""));
  await visitor.close();
  return names;
};

async function publishNow(page: Page) {
  await page.getByRole("button", { name: "Save and publish now" }).click();
  await expect(page.getByRole("status")).toContainText(/Version \d+ is published\./, { timeout: publishTimeout });
}

// This spec's server: started once per worker, before any page needs its address.
const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies by destructuring
    async ({}, use) => {
      const server = await startServer({
        BUILD_DIR: path.resolve("build/client"),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "e2e-integrations-")),
      });
      const added = execFileSync(
        "npm",
        ["run", "-s", "users", "--", "add", editor, "--role", "editor", "--data-dir", server.dataDir],
        { input: `${password}\n`, encoding: "utf8" },
      );
      expect(added).toContain(`Added ${editor} (editor)`);
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  // Every page of this spec talks to this spec's server (the fixtures block other origins).
  baseURL: async ({ server }, use) => use(server.url),
});

// The empty pages are checked before the editor names anything, never while it has.
test.describe.configure({ mode: "serial" });

test("with no integration named, Billing, Payroll and Products name no system", async ({ page, consoleErrors }) => {
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole("list", { name: "Integrations" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: /^Connects with/ })).toHaveCount(0);
    // The copy does not hint at a connection it cannot name.
    const text = await page.locator("main").innerText();
    expect(text).not.toMatch(/connecting your accounting system|integrating with your payroll|integrates with/i);
  }
  expect(consoleErrors).toEqual([]);
});

test("an editor names two systems, and each shows where buyers read about it", async ({
  page,
  consoleErrors,
  server,
}) => {
  // A whole editor's session (sign-in, form, publish, three pages, removal, publish): as long as proof's.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/admin", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill(editor);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();

  await page
    .getByRole("list", { name: "Content of Products" })
    .getByRole("link", { name: /Integrations/ })
    .click();
  await expect(page.getByRole("heading", { name: "Products · Integrations", level: 1 })).toBeVisible();
  await expect(page.getByText("Where it appears:").locator("..")).toContainText(
    "accounting and ERP systems also on the Billing feature page",
  );
  await page.getByRole("button", { name: "Add an integration" }).click();
  await page.getByLabel("System of Integration 1").fill(accounting);
  await page.getByLabel("Kind of Integration 1").fill("accounting");
  await page.getByLabel("Link of Integration 1").fill("https://apps.ledgerly.example/tallyway");
  await page.getByRole("button", { name: "Add an integration" }).click();
  await page.getByLabel("System of Integration 2").fill(payroll);
  await page.getByLabel("Kind of Integration 2").fill("payroll");
  await expect(page.getByText("No problems found")).toBeVisible();
  await page.screenshot({ path: `${shots}/editor-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await page.screenshot({ path: `${shots}/editor-390.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await publishNow(page);

  await expect.poll(() => namedOn(page, "/products"), { timeout: 15_000 }).toEqual([accounting, payroll]);
  await expect.poll(() => namedOn(page, "/features/billing"), { timeout: 15_000 }).toEqual([accounting]);
  await expect.poll(() => namedOn(page, "/features/payroll-integration"), { timeout: 15_000 }).toEqual([payroll]);

  // A context of its own: what axe needs to run in it.
  const visitorContext = await page.context().browser()!.newContext({ baseURL: server.url });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/features/billing");
  await expect(visitor.getByRole("heading", { name: `Connects with ${accounting}`, level: 2 })).toBeVisible();
  await expect(visitor.getByRole("link", { name: new RegExp(`^${accounting}`) })).toHaveAttribute(
    "href",
    "https://apps.ledgerly.example/tallyway",
  );
  for (const [path, name] of [
    ["/features/billing", "billing"],
    ["/products", "products"],
  ]) {
    await visitor.goto(path);
    for (const width of [1440, 390, 320]) {
      await visitor.setViewportSize({ width, height: width === 1440 ? 900 : width === 390 ? 844 : 640 });
      const block = visitor.locator("section", { has: visitor.getByRole("list", { name: "Integrations" }) });
      await block.scrollIntoViewIfNeeded();
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await visitor.screenshot({ path: `${shots}/${name}-${width}.png` });
    }
    const axe = await new AxeBuilder({ page: visitor })
      .include('section:has(ul[aria-label="Integrations"])')
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  }
  await visitorContext.close();

  // Both removed and the empty list published: the pages name nothing again.
  await page.getByRole("button", { name: "Remove Integration 2" }).click();
  await page.getByRole("button", { name: "Remove Integration 1" }).click();
  await expect(page.getByText("No integration yet")).toBeVisible();
  await publishNow(page);
  for (const path of pages) await expect.poll(() => namedOn(page, path), { timeout: 15_000 }).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
