// The console's editors in a marketer's words (issue 44, point 6), in Chromium against the real server:
// an editor made with the CLI opens the post editor, the page-text editor and a page's search-result
// form, and no label, help text or message they show names a key, a file, a format or "Post 1";
// the post is named by its title, problems are said next to their field, and the page preview's
// banner never covers the site's header or the end of the page. Screenshots: test-results/console-words/.
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures.ts";
import { e2eDataDir } from "./stored.ts";

const run = Date.now().toString(36);
const password = "plum-kettle-orbit-47";
const editor = `words-${run}@example.com`;
const shots = "test-results/console-words";

/** What a developer would write and a marketer should never have to read. */
const developerWords = [
  /\bkey\b/i,
  /as built/i,
  /markdown of/i,
  /\(markdown\)/i,
  /content\//,
  /\.xml\b/,
  /\.md\b/,
  /\.json\b/,
  /\bJSON\b/,
  /\bslug\b/i,
  /structured data/i,
  /\b(Post|Head|Page) \d+\b/,
  /not yet a version/i,
  /kept as you type/i,
  /Shown on:? \//,
];

test.beforeAll(() => {
  const added = execFileSync(
    "npm",
    [
      "run",
      "-s",
      "users",
      "--",
      "add",
      editor,
      "--role",
      "editor",
      "--name",
      "Ana Marketer",
      "--data-dir",
      e2eDataDir(),
    ],
    { input: `${password}\n`, encoding: "utf8" },
  );
  expect(added).toContain(`Added ${editor}`);
});
test.describe.configure({ mode: "serial" });

/** Every word the editor shows or names its controls with: the text, labels, legends, help and names. */
async function wordsOf(page: Page): Promise<string[]> {
  return page.locator("main").evaluate((main) => {
    const named = [...main.querySelectorAll("[aria-label], [placeholder], [title], [alt]")].flatMap((element) =>
      ["aria-label", "placeholder", "title", "alt"].map((name) => element.getAttribute(name) ?? ""),
    );
    return [...(main as HTMLElement).innerText.split("\n"), ...named].map((line) => line.trim()).filter(Boolean);
  });
}

async function expectPeoplesWords(page: Page) {
  const found = (await wordsOf(page)).filter((line) => developerWords.some((word) => word.test(line)));
  expect(found).toEqual([]);
}

test("the post editor names the post by its title and says everything in a marketer's words", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, editor, password);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Posts" }).click();
  await expectPeoplesWords(page);
  const title = `Closing the month ${run}`;
  await page.getByLabel("New post's title").fill(title);
  await page.getByRole("button", { name: "Write it" }).click();
  await expect(page.getByRole("heading", { name: `Post · ${title}`, level: 1 })).toBeVisible();

  // Named by its title, and "New post" while it has none.
  const post = page.getByRole("group", { name: title });
  await expect(post).toBeVisible();
  await page.getByLabel("Title of the post").fill("");
  await expect(page.getByRole("group", { name: "New post" })).toBeVisible();
  await page.getByLabel("Title of the post").fill(title);
  await expect(post.getByRole("textbox", { name: "Text of the post", exact: true })).toBeVisible();
  await expect(post.getByLabel("Publish date of the post")).toHaveAttribute("type", "date");

  // Where it shows, in words.
  await expect(page.getByText(/^Shown on its own page/)).toHaveText(
    "Shown on its own page, the blog (opens in a new tab), the blog's feed and the site map search engines read",
  );

  // A problem next to its field and in the checks, without "Post 1".
  const summary = page.getByLabel("Summary of the post");
  await summary.fill("A");
  await summary.fill("");
  await summary.blur();
  await expect(summary).toHaveAccessibleDescription(/^Summary is required\./);
  await expect(page.getByRole("list", { name: "Problems found" })).toContainText(
    "Must be fixed to publish: Summary is required.",
  );

  // The text kept as it is typed, said as a person would.
  await post.getByRole("textbox", { name: "Text of the post", exact: true }).click();
  await page.keyboard.type("Month end, two days sooner.");
  await expect(page.getByText("Changes not saved as a draft")).toBeVisible();
  await expect(page.getByText(/^Autosaved at \d\d:\d\d: nothing is lost if you leave$/)).toBeVisible();
  await expectPeoplesWords(page);
  await page.screenshot({ path: `${shots}/post-editor-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectPeoplesWords(page);
  await page.screenshot({ path: `${shots}/post-editor-390.png` });
});

test("the page-text editor and a page's search-result form say where they show in words", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, editor, password);
  await page.goto("/admin/content", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("list", { name: "Content of Home" })).toContainText("Shown on: Home");
  await expectPeoplesWords(page);

  await page.goto("/admin/content/about-home", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { name: "About · Page text", level: 1 })).toBeVisible();
  const shownOn = page.getByText(/^Shown on: /);
  await expect(shownOn).toHaveText("Shown on: About (opens in a new tab)");
  await expect(shownOn.getByRole("link", { name: /^About/ })).toHaveAttribute("href", "/about");
  await expectPeoplesWords(page);
  await page.screenshot({ path: `${shots}/page-text-editor-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectPeoplesWords(page);
  await page.screenshot({ path: `${shots}/page-text-editor-390.png` });

  // One entry, not "Head 1": the form is named by what it is for.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/admin/content/head/products", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("group", { name: "In search results and shared links" })).toBeVisible();
  await expect(page.getByLabel("Description of the page")).toBeVisible();
  await expectPeoplesWords(page);
});

test("the page preview's banner never covers the site's header or the end of the page", async ({ page }) => {
  await signIn(page, editor, password);
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto("/admin/api/content/preview-page?key=about-home&path=/about&version=0");
    const note = page.getByRole("note");
    await expect(note).toHaveText(
      "Preview — About · Page text, the original text. Not published: visitors do not see this.",
    );
    const box = async (locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())!;
    // Scrolled: in view, below the sticky header, never over it.
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect(note).toBeInViewport();
    const [banner, header] = [await box(note), await box(page.getByRole("banner"))];
    expect(banner.y).toBeGreaterThanOrEqual(header.y + header.height);
    await page.screenshot({ path: `${shots}/preview-scrolled-${width}.png` });
    // At the end: the footer's last line stands above the banner, nothing of the page under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = await box(page.getByRole("contentinfo"));
    expect(footer.y + footer.height).toBeLessThanOrEqual((await box(note)).y + 1);
    await page.screenshot({ path: `${shots}/preview-end-${width}.png` });
  }
});
