// The blog (issue 32), in Chromium against the real server with no build after the start: with no post
// /blog is the placeholder; an editor made with the CLI writes a post in the console (title, address,
// summary, markdown text, a cover uploaded from the picker with its alternative text, author, tags,
// date) and publishes it; a visitor finds it on /blog, opens it, and gets its page with its head and
// BlogPosting JSON-LD on a fresh load too; the Atom feed has it with its cover's JPEG (feedparser, bozo 0);
// a newsletter can start from it, the cover first. Unpublished, /blog
// is the placeholder again. Its own server and data folder, so the shared server's /blog stays the
// placeholder other specs expect. Screenshots at 1440, 390 and 320 px go to test-results/blog/.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { parseFeed } from "../support/feedparser.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { expect, markdownView, publishTimeout, test, uploadThrough } from "./fixtures.ts";

const password = "plum-kettle-orbit-47";
const editor = "blog-editor@example.com";
const owner = "blog-owner@example.com";
const shots = "test-results/blog";
const title = "How a consulting team closed the month two days sooner";
const slug = "closing-the-month-two-days-sooner";
const summary =
  "Timesheets, expenses and invoices in one place: what changed at month end for a 40-person consulting team, and what did not.";
const body = `Month end used to start on the 28th. Timesheets came in late, expenses sat in inboxes, and invoices waited for both.

## Where the days went

Three things took the time:

- chasing **missing timesheets** from people on client sites;
- matching expenses to the right project by hand;
- re-keying approved hours into the billing system.

## What changed

Time and expenses now go in where the projects already live, so [billing](/features/billing) reads approved hours directly. Reminders go out before the deadline, not after.

> The first month, nobody noticed. The second, finance went home on time.

## What did not

Approval still takes a person. That is the point.`;

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({
    BUILD_DIR: path.resolve("build/client"),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "e2e-blog-")),
  });
  for (const [account, role] of [
    [editor, "editor"],
    [owner, "owner"],
  ])
    execFileSync("npm", ["run", "-s", "users", "--", "add", account, "--role", role, "--data-dir", server.dataDir], {
      input: `${password}\n`,
    });
});
test.afterAll(async () => {
  await server?.stop();
});
test.describe.configure({ mode: "serial" });

/** A context on this spec's server with every other origin blocked, collecting console errors. */
async function ownContext(browser: Browser, errors: string[]): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const origin = new URL(server.url).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort("blockedbyclient"),
  );
  context.on("page", (page) => {
    page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
    page.on("console", (message) => void (message.type() === "error" && errors.push(`console: ${message.text()}`)));
  });
  return context;
}

const text = (urlPath: string) => fetch(`${server.url}${urlPath}`).then((response) => response.text());
const main = (page: Page) => page.getByRole("main");
async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}
/** Screenshots at each width, each checked not to scroll sideways. */
async function shootWidths(page: Page, name: string) {
  for (const width of [1440, 390, 320]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    expect([name, width, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([
      name,
      width,
      width,
    ]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const blogLink = (page: Page) => page.getByRole("contentinfo").getByRole("link", { name: "Blog", exact: true });

async function expectPlaceholder(page: Page) {
  await page.goto("/blog");
  await expect(main(page).getByRole("heading", { level: 2 })).toHaveText([
    "Our blog is coming soon",
    "Stay in the loop",
  ]);
  await expect(page.locator('link[type="application/atom+xml"]')).toHaveCount(0);
}

test("an editor writes and publishes a post; /blog lists it, its page has its head, the feed has it; unpublished, it goes", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  const context = await ownContext(browser, errors);
  const visitor = await context.newPage();
  await expectPlaceholder(visitor);
  expect(parseFeed(await text("/blog/feed.xml"))).toMatchObject({ bozo: false, entries: [] });
  // An empty blog is not promoted: no page's footer links to it (issue #43 point 6).
  await visitor.goto("/products");
  await expect(blogLink(visitor)).toHaveCount(0);
  expect(await text("/")).not.toContain('href="/blog"');

  // The editor writes the post.
  const page = await context.newPage();
  await page.goto("/admin", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill(editor);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Posts" }).click();
  await expect(page.getByRole("heading", { name: "Posts", level: 1 })).toBeVisible();
  await expect(page.getByText("No posts yet")).toBeVisible();
  await page.getByLabel("New post's title").fill(title);
  // The address follows the title, cut to what the editor wants.
  await expect(page.getByLabel("Address")).toHaveValue("how-a-consulting-team-closed-the-month-two-days-sooner");
  await page.getByLabel("Address").fill(slug);
  await page.getByRole("button", { name: "Write it" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/posts/${slug}$`));
  await expect(page.getByRole("heading", { name: `Post · ${title}`, level: 1 })).toBeVisible();
  await expect(page.getByLabel("Title of the post")).toHaveValue(title);
  await expect(page.getByRole("list", { name: "Problems found" })).toContainText("Summary is required.");

  await page.getByLabel("Summary of the post").fill(summary);
  await markdownView(page);
  const textBox = page.getByRole("textbox", { name: "Text of the post", exact: true });
  await textBox.click();
  await page.keyboard.insertText(body);
  await page.getByLabel("Author of the post").fill("Ann Example");
  await page.getByLabel("Tags of the post").fill("Month end, Billing");
  await page.getByLabel("Publish date of the post").fill("2026-03-02");
  // The cover: uploaded from the form's picker, then described.
  await page.getByRole("button", { name: "Choose an image…" }).click();
  const cover = await sharp(Buffer.from(coverSvg)).png().toBuffer();
  await uploadThrough(page.getByRole("dialog").locator('input[type="file"]'), {
    name: "month-end-cover.png",
    mimeType: "image/png",
    buffer: cover,
  });
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("list", { name: "Problems found" })).toContainText(
    "Cover's alternative text is required once there is a cover.",
  );
  await page.getByLabel("Cover's alternative text of the post").fill("A month's calendar with its last two days free");
  await expect(page.getByText("No problems found")).toBeVisible();
  // The text's preview, drawn by the pages' own pipeline.
  await expect(page.getByRole("heading", { name: "Where the days went", level: 2 })).toBeVisible();
  await expectNoAxeViolations(page);
  await shootWidths(page, "editor");

  await page.getByRole("button", { name: "Save and publish now" }).click();
  await expect(page.getByRole("status")).toContainText("Version 1 is published.", { timeout: publishTimeout });

  // The visitor: the list, then the post by a client-side navigation, then a fresh load.
  // The answer came once this server's pages show it: no waiting for the next check.
  expect(await text("/blog")).toContain(title);
  // With its first post the blog is in every page's footer again, the pages it does not show included.
  for (const urlPath of ["/", "/products", "/features/billing", "/security"])
    expect(await text(urlPath), urlPath).toContain('href="/blog"');
  await visitor.goto("/products");
  await blogLink(visitor).click();
  await expect(visitor).toHaveURL(/\/blog$/);
  await visitor.goto("/blog");
  const card = main(visitor).getByRole("list", { name: "Posts, newest first" }).getByRole("article");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(summary);
  await expect(card).toContainText("March 2, 2026");
  await expect(card).toContainText("Ann Example");
  await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Month end", "Billing"]);
  await expect(card.locator("picture img")).toHaveAttribute("alt", "A month's calendar with its last two days free");
  await expect(visitor.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    "href",
    "/blog/feed.xml",
  );
  await expectNoAxeViolations(visitor);
  await shootWidths(visitor, "list");

  await card.getByRole("link", { name: title }).click();
  await expect(visitor).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(visitor.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(visitor).toHaveTitle(`${title} | Tallyway`);
  await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `https://www.tallyway.example/blog/${slug}`,
  );
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute("content", summary);
  await expect(visitor.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(visitor.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  const graph = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent()) ?? "{}")[
    "@graph"
  ];
  expect(graph).toContainEqual(
    expect.objectContaining({
      "@type": "BlogPosting",
      headline: title,
      datePublished: "2026-03-02",
      author: { "@type": "Person", name: "Ann Example" },
    }),
  );
  await expect(main(visitor).getByRole("heading", { level: 2, name: "Where the days went" })).toBeVisible();
  await expect(visitor.locator("#newsletter")).toBeVisible();
  await expectNoAxeViolations(visitor);
  await shootWidths(visitor, "post");

  // A link in the text to an address under /blog that is no post ends on the home page, as any unknown path.
  await main(visitor)
    .locator(".prose")
    .evaluate((prose) => prose.insertAdjacentHTML("beforeend", '<a href="/blog/no-such-post">gone</a>'));
  await main(visitor).getByRole("link", { name: "gone" }).click();
  await expect(visitor).toHaveURL(/\/$/);
  await visitor.goBack();
  await expect(visitor.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  const feed = parseFeed(await text("/blog/feed.xml"));
  expect(feed.bozo).toBe(false);
  expect(feed.entries.map((entry) => [entry.title, entry.link])).toEqual([
    [title, `https://www.tallyway.example/blog/${slug}`],
  ]);
  // The cover goes with the entry as a JPEG on the site (readers show AVIF and WebP unreliably), served as one.
  const [thumbnail] = feed.entries[0].thumbnails;
  expect(thumbnail).toMatchObject({ url: expect.stringMatching(/-1200\.jpg$/), width: "1200", height: "675" });
  expect(feed.entries[0].content).toContain(`src="${thumbnail.url}"`);
  const jpeg = await fetch(`${server.url}${new URL(thumbnail.url).pathname}`);
  expect([jpeg.status, jpeg.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
  expect(await text("/sitemap.xml")).toContain(`<loc>https://www.tallyway.example/blog/${slug}</loc>`);

  // Usage names the post by its title, its real path beside it (issue 44): the owner's Top pages.
  const ownerContext = await ownContext(browser, errors);
  const usage = await ownerContext.newPage();
  await usage.goto("/admin", { waitUntil: "domcontentloaded" });
  await usage.getByLabel("Email").fill(owner);
  await usage.getByLabel("Password").fill(password);
  await usage.getByRole("button", { name: "Sign in" }).click();
  await expect(usage.getByRole("navigation", { name: "Console" })).toBeVisible();
  const titleInUsage = async () =>
    ((await usage.evaluate(() => fetch("/admin/api/usage?days=1").then((r) => r.json()))) as Record<string, never>)
      .pageTitles[`blog-${slug}`];
  // The collector writes in batches: wait until the post's views are in the report.
  await expect.poll(titleInUsage).toBe(title);
  await usage.goto("/admin/usage?days=1", { waitUntil: "domcontentloaded" });
  const topPages = usage.getByRole("list", { name: "Top pages by page views" });
  await expect(
    topPages.getByRole("listitem").filter({ has: usage.getByRole("link", { name: title, exact: true }) }),
  ).toContainText(`/blog/${slug}`);
  await expect(topPages.getByRole("link", { name: "Blog", exact: true })).toBeVisible();

  // A newsletter started from the post: its title as the subject, its text with a link back to it.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Campaigns" }).click();
  await page.getByRole("link", { name: "New campaign" }).click();
  await page.getByLabel("Start from a post").selectOption({ label: title });
  await expect(page.getByLabel("Subject")).toHaveValue(title);
  await expect(page.getByRole("textbox", { name: "Text of the newsletter" })).toContainText(
    `[Read it on the blog](https://www.tallyway.example/blog/${slug})`,
  );
  await expect(page.getByRole("textbox", { name: "Text of the newsletter" })).toContainText(
    `![A month's calendar with its last two days free](${thumbnail.url})`,
  );
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole("heading", { name: `Post · ${title}`, level: 1 })).toBeVisible();

  // Taken off the site: the list is the placeholder again.
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByRole("status")).toContainText("Taken off the site", { timeout: publishTimeout });
  expect(await text("/blog")).not.toContain(title);
  await expectPlaceholder(visitor);
  expect(await text("/products")).not.toContain('href="/blog"');
  await expect(blogLink(visitor)).toHaveCount(0);
  // A page no longer on the site keeps its path in Usage, and no title.
  await expect.poll(titleInUsage).toBeUndefined();
  await usage.reload({ waitUntil: "domcontentloaded" });
  await expect(topPages.getByRole("link", { name: `/blog/${slug}`, exact: true })).toBeVisible();
  expect(errors).toEqual([]);
  await ownerContext.close();
  await context.close();
});

/** The cover: a calendar month drawn in the site's colours, its last two days free. */
const coverSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef6f5"/><stop offset="1" stop-color="#d7ebe8"/></linearGradient></defs>
  <rect width="1600" height="900" fill="url(#g)"/>
  <rect x="430" y="150" width="740" height="600" rx="36" fill="#fff" stroke="#0d6e66" stroke-width="6"/>
  <rect x="430" y="150" width="740" height="110" rx="36" fill="#0d6e66"/>
  <rect x="430" y="220" width="740" height="40" fill="#0d6e66"/>
  ${Array.from({ length: 30 }, (_, day) => {
    const x = 470 + (day % 7) * 96;
    const y = 300 + Math.floor(day / 7) * 88;
    const free = day >= 28;
    return `<rect x="${x}" y="${y}" width="76" height="66" rx="12" fill="${free ? "#f59e0b" : "#eef6f5"}" stroke="${free ? "#b45309" : "#b9dcd7"}" stroke-width="3"/>`;
  }).join("")}
</svg>`;
