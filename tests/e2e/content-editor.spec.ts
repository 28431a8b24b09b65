// The console's content editor in Chromium against the real server: editor accounts made with the
// real CLI (npm run users -- --role editor) sign in, see the content section only, change the home
// heading, see it in the preview, publish it, and a visitor then gets the new heading on / with no
// build, on a fresh load and on a client-side navigation; and a second editor's save on the same base is refused with the text
// kept. Screenshots at 1440, 390 and 320 px go to test-results/content-editor/.
import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, markdownView, publishTimeout, test } from "./fixtures.ts";
import { e2eDataDir } from "./stored.ts";
import { keyTitle, type EditableKey } from "#common/content-keys.ts";

/** The editor's text box, named as the console names the key: "Text of Home · Heading". */
const editorLabel = (key: string) => {
  const { page, name } = keyTitle(key as EditableKey);
  return `Text of ${page} · ${name}`;
};

const dataDir = e2eDataDir();
const run = Date.now().toString(36);
const password = "plum-kettle-orbit-47";
const editor = `editor-${run}@example.com`;
const second = `second-editor-${run}@example.com`;
const shots = "test-results/content-editor";
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const addAccount = (email: string) =>
  execFileSync("npm", ["run", "-s", "users", "--", "add", email, "--role", "editor", "--data-dir", dataDir], {
    input: `${password}\n`,
    encoding: "utf8",
  });

test.beforeAll(() => {
  expect(addAccount(editor)).toContain(`Added ${editor} (editor)`);
  expect(addAccount(second)).toContain(`Added ${second} (editor)`);
});
test.describe.configure({ mode: "serial" });

async function signIn(page: Page, email: string) {
  await page.goto("/admin", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
}

async function replaceText(page: Page, key: string, text: string) {
  await markdownView(page);
  const editorBox = page.getByRole("textbox", { name: editorLabel(key), exact: true });
  await editorBox.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await editorBox.pressSequentially(text);
}

test("an editor made with the CLI changes the home heading, sees the preview, and publishes it", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, editor);
  // An editor's console has the content, posts, images and campaigns sections and nothing else.
  const nav = page.getByRole("navigation", { name: "Console" });
  await expect(nav.getByRole("link")).toHaveText(["Content", "Posts", "Images", "Campaigns"]);
  await expect(page.getByRole("heading", { name: "Content", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => fetch("/admin/api/leads").then((r) => r.status))).toBe(403);
  expect(await page.evaluate(() => fetch("/admin/api/usage").then((r) => r.status))).toBe(403);
  await page.screenshot({ path: `${shots}/list-1440.png`, fullPage: true });

  // The home page's rows, named as a marketer reads them (the key itself is not shown).
  const homeRow = (name: string) =>
    page.getByRole("list", { name: "Content of Home" }).getByRole("link", { name: new RegExp(`^${name} `) });
  await homeRow("Heading").click();
  await expect(page.getByRole("heading", { name: "Home · Heading", level: 1 })).toBeVisible();
  const preview = page.getByRole("region", { name: "Preview" });
  // The file's heading, or this spec's own from an earlier run on the same server.
  await expect(preview.getByRole("heading", { level: 1 })).toContainText(
    /Time, expense and project tracking|Every billable hour/,
  );

  const heading = `Every billable hour, ${run}`;
  await replaceText(
    page,
    "home-heading",
    `# ${heading}\n\nSee the [features](/features) and the [old page](/pricing).`,
  );
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(page.getByRole("list", { name: "Problems found" })).toContainText(
    "The link to /pricing leads to no page of the site.",
  );
  await expect(page.getByText("Changes not saved as a draft")).toBeVisible();
  await page.screenshot({ path: `${shots}/editor-1440.png`, fullPage: true });
  const axe = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);

  // A problem found blocks publishing until it is fixed or acknowledged; this one is fixed.
  const publish = page.getByRole("button", { name: "Save and publish now" });
  await expect(publish).toBeDisabled();
  // Other specs share this server and count the home page's links: the published text adds none.
  await replaceText(page, "home-heading", `# ${heading}\n\nEvery receipt, where your customer data already lives.`);
  await expect(page.getByText("No problems found")).toBeVisible();
  await publish.click();
  await expect(page.getByRole("status")).toContainText(/Version \d+ is published\./, { timeout: publishTimeout });
  await expect(
    page
      .getByRole("heading", { name: "Home · Heading", level: 1 })
      .locator("..")
      .getByText("Published", { exact: true }),
  ).toBeVisible();

  const entry = await page.evaluate(() => fetch("/admin/api/content/entry?key=home-heading").then((r) => r.json()));
  expect(entry.item).toMatchObject({ status: "published", changedBy: editor });
  expect(entry.published.body).toBe(`# ${heading}\n\nEvery receipt, where your customer data already lives.`);

  // No build: the publish answered once this server had re-rendered /, so a visitor's fresh load
  // gets the new heading, and so does a client-side navigation to / (its route data was re-rendered too).
  const visitor = await page.context().browser()!.newPage();
  await expect
    .poll(async () => (await visitor.goto("/"), await visitor.getByRole("heading", { level: 1 }).textContent()), {
      timeout: 15_000,
    })
    .toBe(heading);
  await visitor.goto("/features");
  await visitor.getByRole("link", { name: "Home", exact: true }).first().click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(heading);
  await visitor.close();

  // The history shows the version beside the file's text; the page preview carries the draft and its banner.
  await page.getByRole("list", { name: "Versions" }).getByRole("button").first().click();
  await expect(page.getByRole("table")).toContainText(heading);
  const [tab] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("link", { name: /Preview the page/ }).click(),
  ]);
  await expect(tab.getByRole("note")).toContainText("Preview — Home · Heading, version");
  await expect(tab.getByRole("heading", { level: 1 })).toHaveText(heading);
  // Scrolled, the banner stays in view and never covers the site's sticky header.
  await tab.evaluate(() => window.scrollTo(0, 900));
  await expect(tab.getByRole("note")).toBeInViewport();
  const [note, header] = await Promise.all([
    tab.getByRole("note").boundingBox(),
    tab.getByRole("banner").boundingBox(),
  ]);
  expect(note!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  await tab.close();

  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await page.screenshot({ path: `${shots}/editor-${width}.png`, fullPage: true });
  }
  await page.getByRole("link", { name: "← All content" }).click();
  await expect(homeRow("Heading")).toContainText("Published");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  await page.screenshot({ path: `${shots}/list-320.png`, fullPage: true });

  // Back to the text the site was built with: the original text is a version to restore, as a draft.
  await page.setViewportSize({ width: 1440, height: 900 });
  await homeRow("Heading").click();
  const versions = page.getByRole("list", { name: "Versions" });
  await versions.getByRole("button", { name: /^The original text/ }).click();
  await expect(page.getByRole("table")).toContainText("Time, expense and project tracking");
  await page.getByRole("button", { name: "Restore the original text" }).click();
  await expect(preview.getByRole("heading", { level: 1 })).toContainText("Time, expense and project tracking");
  const restored = await page.evaluate(() => fetch("/admin/api/content/entry?key=home-heading").then((r) => r.json()));
  expect([restored.latest.body, restored.published.body]).toEqual([
    restored.fileText,
    `# ${heading}\n\nEvery receipt, where your customer data already lives.`,
  ]);
  expect(consoleErrors.filter((e) => !e.includes("403"))).toEqual([]);
});

test("two editors on one key: the second save is refused with a clear message and its text stays", async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const other = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, editor);
  await signIn(other, second);
  for (const p of [page, other]) {
    await p.goto("/admin/content/home-text", { waitUntil: "domcontentloaded" });
    await expect(p.getByRole("textbox", { name: "Text of Home · Why teams choose us" })).toBeVisible();
  }
  await replaceText(page, "home-text", `First editor's words ${run}.`);
  await page.getByRole("button", { name: "Save draft" }).click();
  // Version numbers count from what an earlier run on the same server left: read the first save's.
  await expect(page.getByRole("status")).toContainText(/Saved as version \d+\./);
  const first = Number(/version (\d+)/.exec((await page.getByRole("status").textContent())!)![1]);

  const mine = `Second editor's words ${run}.`;
  await replaceText(other, "home-text", mine);
  await other.getByRole("button", { name: "Save draft" }).click();
  await expect(other.getByRole("alert")).toContainText("Someone else saved this text since you opened it");
  await expect(other.getByRole("textbox", { name: "Text of Home · Why teams choose us" })).toHaveText(mine);
  await other.screenshot({ path: `${shots}/conflict-1440.png`, fullPage: true });
  await other.setViewportSize({ width: 390, height: 844 });
  await other.screenshot({ path: `${shots}/conflict-390.png`, fullPage: true });

  // Keeping the text on the newest version lets the second editor save over it, knowingly.
  await other.getByRole("button", { name: "Keep my text on the newest version" }).click();
  await expect(other.getByRole("status")).toContainText(`Your text now follows version ${first}`);
  await other.getByRole("button", { name: "Save draft" }).click();
  await expect(other.getByRole("status")).toContainText(`Saved as version ${first + 1}`);
  const history = await other.evaluate(() => fetch("/admin/api/content/history?key=home-text").then((r) => r.json()));
  expect(history.versions.map((v: { body: string }) => v.body).slice(0, 2)).toEqual([
    mine,
    `First editor's words ${run}.`,
  ]);
  await other.close();
});

test("a scheduled publish names its time zone and can be cancelled, leaving what is published", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, editor);
  await page.goto("/admin/content/features-time-off", { waitUntil: "domcontentloaded" });
  const panel = page.getByRole("form", { name: "Publish" });
  await panel.getByLabel("At a time").check();
  // The browser's zone is named, not "your time zone".
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const at = panel.getByLabel(`Date and time (${zone})`);
  await at.fill("2099-05-01T08:00");
  await panel.getByRole("button", { name: /schedule$/i }).click();
  await expect(page.getByRole("status")).toContainText(/will be published on/);
  await expect(panel).toContainText(`(${zone}); publishing replaces that schedule.`);
  await panel.getByRole("button", { name: "Cancel the schedule" }).click();
  await expect(page.getByRole("status")).toHaveText("The schedule is cancelled. What is published stays as it is.");
  await expect(panel.getByRole("button", { name: "Cancel the schedule" })).toHaveCount(0);
  // The audit entry (owners read the log) is the store contract's to check.
});

test("what is typed is kept as it goes: a reload brings it back, and leaving before it is kept asks first", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, editor);
  const key = "features-resource";
  await page.goto(`/admin/content/${key}`, { waitUntil: "domcontentloaded" });
  const box = page.getByRole("textbox", { name: editorLabel(key), exact: true });
  const words = `Kept as typed ${run}.`;
  await replaceText(page, key, words);
  // A moment after the last key the server keeps the text, and the header says so.
  await expect(page.getByText(/Autosaved at \d\d:\d\d: nothing is lost if you leave/)).toBeVisible();
  await page.reload({ waitUntil: "domcontentloaded" });
  await expect(box).toHaveText(words);
  await expect(page.getByRole("status")).toContainText("are back: they were autosaved but not saved as a draft");
  // Keeping made no version.
  const history = await page.evaluate((k) => fetch(`/admin/api/content/history?key=${k}`).then((r) => r.json()), key);
  expect(history.versions.map((v: { body: string }) => v.body)).not.toContain(words);

  // Leaving while the newest words are not kept yet (their keeping call is held here, so the
  // moment does not depend on the machine's speed): the console asks, and staying keeps them.
  let [hold, release] = [true, () => {}];
  await page.route("**/admin/api/content/autosave", async (route) => {
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    await route.continue();
  });
  const held = page.waitForRequest("**/admin/api/content/autosave");
  await box.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" More");
  await held;
  await page.getByRole("link", { name: "← All content" }).click();
  const dialog = page.getByRole("dialog", { name: "Your latest changes are not kept yet" });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${shots}/leave-1440.png` });
  await dialog.getByRole("button", { name: "Stay" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/admin/content/${key}$`));
  await expect(box).toHaveText(`${words} More`);
  // Asked again, "Keep them and leave" keeps them first; the editor opens with them later.
  await page.getByRole("link", { name: "← All content" }).click();
  await expect(dialog).toBeVisible();
  hold = false;
  release();
  await dialog.getByRole("button", { name: "Keep them and leave" }).click();
  await expect(page.getByRole("heading", { name: "Content", level: 1 })).toBeVisible();
  await page.goto(`/admin/content/${key}`, { waitUntil: "domcontentloaded" });
  await expect(box).toHaveText(`${words} More`);

  // Discarded: back to the saved text, and nothing comes back after a reload.
  await page.getByRole("button", { name: "Discard changes" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Back to (version \d+|the original text)\.$/);
  await expect(box).not.toContainText(words);
  await page.reload({ waitUntil: "domcontentloaded" });
  await expect(box).toBeVisible();
  await expect(box).not.toContainText(words);
  await expect(page.getByText("Changes not saved as a draft")).toHaveCount(0);
});

test("a half-written post saves as a draft; only what the site would refuse holds back publishing", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, editor);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Posts" }).click();
  await page.getByLabel("New post's title").fill(`Half a post ${run}`);
  await page.getByRole("button", { name: "Write it" }).click();
  await expect(page.getByRole("heading", { name: `Post · Half a post ${run}`, level: 1 })).toBeVisible();
  // Empty required fields are not red on a form just opened; typed in, emptied and left, they are.
  const summary = page.getByLabel("Summary of the post");
  await expect(summary).not.toHaveAttribute("aria-invalid", "true");
  await summary.fill("A");
  await summary.fill("");
  await summary.blur();
  await expect(summary).toHaveAttribute("aria-invalid", "true");
  await expect(summary).toHaveAccessibleDescription(/Summary is required/);
  // Nothing but the title: the save takes it as it is.
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toContainText("Saved as version 1. It is a draft until you publish it.");
  // Publishing needs the required fields: no "publish anyway" for what the server would refuse.
  const problems = page.getByRole("list", { name: "Problems found" });
  await expect(problems).toContainText("Must be fixed to publish: Summary is required.");
  const panel = page.getByRole("form", { name: "Publish" });
  await expect(panel).toContainText("problems marked “Must be fixed to publish” first");
  await expect(panel.getByRole("button", { name: "Publish now" })).toBeDisabled();
  await expect(panel.getByRole("checkbox")).toHaveCount(0);
  await page.screenshot({ path: `${shots}/half-post-1440.png`, fullPage: true });
});
