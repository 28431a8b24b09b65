// Customer proof from the console in Chromium against the real server: an editor made with the CLI
// adds a customer quote in the form generated from its schema, publishes it, and a visitor sees it on
// / with no build; the editor then removes it and publishes the empty list, and the section is gone.
// Then the editor places a quote on a feature page only, and back on the home page only (issue 44).
// Specs share one server, so each test ends as it started: no quote published; they run one after the
// other, as they change one key. Screenshots of the form at 1440, 390 and 320 px go to test-results/proof-editor/.
import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, publishTimeout, test, uploadThrough } from "./fixtures.ts";
import { e2eDataDir } from "./stored.ts";

const dataDir = e2eDataDir();
const run = Date.now().toString(36);
const password = "plum-kettle-orbit-47";
const editor = `proof-editor-${run}@example.com`;
const shots = "test-results/proof-editor";
const quote = `Month-end closes two days sooner since we moved timesheets in (${run}).`;

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  const added = execFileSync(
    "npm",
    ["run", "-s", "users", "--", "add", editor, "--role", "editor", "--data-dir", dataDir],
    {
      input: `${password}\n`,
      encoding: "utf8",
    },
  );
  expect(added).toContain(`Added ${editor} (editor)`);
});

async function publishNow(page: Page) {
  await page.getByRole("button", { name: "Save and publish now" }).click();
  await expect(page.getByRole("status")).toContainText(/Version \d+ is published\./, { timeout: publishTimeout });
}

async function signIn(page: Page) {
  await page.goto("/admin", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill(editor);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** What a fresh visitor's load of a page shows as customer quotes, once the server has re-rendered it. */
const visitorQuotes = async (page: Page, urlPath = "/") => {
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(urlPath, { waitUntil: "domcontentloaded" });
  const quotes = await visitor.getByRole("list", { name: "Customer quotes" }).locator("blockquote").allTextContents();
  await visitor.close();
  return quotes;
};

test("an editor publishes a customer quote, a visitor sees it on /, and removing it takes the section away", async ({
  page,
  consoleErrors,
}) => {
  // A whole editor's session (sign-in, upload, publish, two visits, removal, publish): as long as the blog's.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);

  // The list names keys as editors do, grouped by page.
  const home = page.getByRole("list", { name: "Content of Home" });
  await home.getByRole("link", { name: /Customer quotes/ }).click();
  await expect(page.getByRole("heading", { name: "Home · Customer quotes", level: 1 })).toBeVisible();
  await expect(page.getByText("No quote yet: nothing shows on the site until one is published.")).toBeVisible();

  await page.getByRole("button", { name: "Add a quote" }).click();
  // An empty entry is not publishable: the checks name each required field.
  await expect(page.getByRole("list", { name: "Problems found" })).toContainText("Quote 1, Person: is required.");
  await page.getByLabel("Quote of Quote 1").fill(quote);
  await page.getByLabel("Person of Quote 1").fill("Ann Lee");
  await page.getByLabel("Role of Quote 1").fill("Head of Delivery");
  await page.getByLabel("Company of Quote 1").fill("Acme Consulting");
  // The logo: uploaded from the form's picker (a new image each run), then chosen.
  await page.getByRole("button", { name: "Choose an image…" }).click();
  const logo = await sharp({
    create: { width: 480, height: 160, channels: 3, background: { r: 20, g: (Date.now() % 200) + 20, b: 90 } },
  })
    .png()
    .toBuffer();
  await uploadThrough(page.getByRole("dialog").locator('input[type="file"]'), {
    name: `acme-logo-${run}.png`,
    mimeType: "image/png",
    buffer: logo,
  });
  await expect(page.getByRole("dialog")).toBeHidden();
  // The closed dialog stays in the form (hidden); the chosen image's name shows beside its thumbnail.
  await expect(
    page
      .getByRole("list", { name: "Quote entries" })
      .getByRole("paragraph")
      .filter({ hasText: `acme-logo-${run}.png` }),
  ).toBeVisible();
  await expect(page.getByText("No problems found")).toBeVisible();
  await expect(page.getByText(`${quote.length} / 600`)).toBeVisible();
  await page.screenshot({ path: `${shots}/form-1440.png`, fullPage: true });
  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);

  await publishNow(page);
  await expect.poll(() => visitorQuotes(page), { timeout: 15_000 }).toEqual([quote]);
  // The visitor's page shows the logo as a responsive picture served by the site.
  const visitorPage = await page.context().browser()!.newPage();
  await visitorPage.setViewportSize({ width: 1440, height: 900 });
  await visitorPage.goto("/");
  // One quote alone is a feature of its own, not one card of a three-column row.
  const quotes = visitorPage.getByRole("list", { name: "Customer quotes" });
  const [list, card] = await Promise.all([quotes.boundingBox(), quotes.locator("figure").boundingBox()]);
  expect(card!.width).toBeGreaterThan(list!.width * 0.9);
  expect(card!.width).toBeGreaterThan(600);
  const logoImage = visitorPage.getByRole("list", { name: "Customer quotes" }).locator("picture img");
  await expect(logoImage).toHaveAttribute("src", /^\/assets\/uploads\/[a-f0-9]{16}-480x160-480\.webp$/);
  // Loaded (naturalWidth is the chosen candidate's width over its density: not the file's width).
  await expect
    .poll(() => logoImage.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  await visitorPage.close();

  // The history diffs the versions in the form's own labels, not as JSON (issue 44).
  await page.getByRole("list", { name: "Versions" }).getByRole("button").first().click();
  await expect(page.getByRole("table")).toContainText("Quote 1 · Ann Lee");
  await expect(page.getByRole("table")).toContainText("Company: Acme Consulting");
  await expect(page.getByRole("table")).not.toContainText(`"person"`);
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await page.screenshot({ path: `${shots}/form-${width}.png`, fullPage: true });
  }

  await page.getByRole("button", { name: "Remove Quote 1" }).click();
  await expect(page.getByText("No quote yet")).toBeVisible();
  await publishNow(page);
  await expect.poll(() => visitorQuotes(page), { timeout: 15_000 }).toEqual([]);
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { name: "What our customers say" })).toHaveCount(0);
  await visitor.close();
  expect(consoleErrors).toEqual([]);
});

test("an editor places a quote on a feature page only, then on the home page only, and each page follows", async ({
  page,
  consoleErrors,
}) => {
  // Sign-in, three publishes, each awaited on two pages by a fresh visitor.
  test.setTimeout(120_000);
  const placed = `Billing runs itself now: approved hours become invoices the same day (${run}).`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page
    .getByRole("list", { name: "Content of Home" })
    .getByRole("link", { name: /Customer quotes/ })
    .click();
  await expect(page.getByRole("heading", { name: "Home · Customer quotes", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Add a quote" }).click();
  await page.getByLabel("Quote of Quote 1").fill(placed);
  await page.getByLabel("Person of Quote 1").fill("Bea Novak");
  await page.getByLabel("Role of Quote 1").fill("Controller");
  await page.getByLabel("Company of Quote 1").fill("Northwind Partners");
  // Home is ticked while it is the only place; Billing ticked, Home can be unticked.
  const places = page.getByRole("group", { name: "Shown on of Quote 1" });
  await expect(places.getByRole("checkbox", { name: "Home" })).toBeChecked();
  await expect(places.getByRole("checkbox", { name: "Home" })).toBeDisabled();
  await places.getByRole("checkbox", { name: "Feature: Billing" }).check();
  await places.getByRole("checkbox", { name: "Home" }).uncheck();
  await expect(page.getByText("As edited, on:").locator("..")).toHaveText("As edited, on: Feature: Billing (1)");
  await expect(page.getByText("No problems found")).toBeVisible();
  await publishNow(page);

  await expect.poll(() => visitorQuotes(page, "/features/billing"), { timeout: 15_000 }).toEqual([placed]);
  expect(await visitorQuotes(page, "/")).toEqual([]);
  expect(await visitorQuotes(page, "/products")).toEqual([]);

  // Alone on its page, the quote spans the content width as a pull-quote, and the page stays accessible.
  // A context of its own, as axe needs.
  const visitorContext = await page.context().browser()!.newContext({ serviceWorkers: "block" });
  const visitor = await visitorContext.newPage();
  await visitor.setViewportSize({ width: 1440, height: 900 });
  await visitor.goto("/features/billing");
  const section = visitor.getByRole("region", { name: "What our customers say" });
  const [content, quote] = await Promise.all([
    section.boundingBox(),
    section.getByRole("list", { name: "Customer quotes" }).locator("figure").boundingBox(),
  ]);
  expect(quote!.width).toBe(content!.width);
  expect(quote!.width).toBeGreaterThan(1000);
  // The words and the person side by side, not stacked: the caption is beside the quote.
  const [words, caption] = await Promise.all([
    section.locator("blockquote").boundingBox(),
    section.locator("figcaption").boundingBox(),
  ]);
  expect(caption!.x).toBeGreaterThan(words!.x + words!.width);
  const axe = await new AxeBuilder({ page: visitor })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  for (const width of [390, 320]) {
    await visitor.setViewportSize({ width, height: 844 });
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  }
  await visitorContext.close();

  // And the other way round: on the home page only.
  await places.getByRole("checkbox", { name: "Home" }).check();
  await places.getByRole("checkbox", { name: "Feature: Billing" }).uncheck();
  await publishNow(page);
  await expect.poll(() => visitorQuotes(page, "/"), { timeout: 15_000 }).toEqual([placed]);
  expect(await visitorQuotes(page, "/features/billing")).toEqual([]);

  await page.getByRole("button", { name: "Remove Quote 1" }).click();
  await publishNow(page);
  await expect.poll(() => visitorQuotes(page, "/"), { timeout: 15_000 }).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
