// An editor's markdown cannot add script (issue 30, "Safe by construction"), in Chromium against the
// real server: the editor names each payload before saving (HTML shown as text; javascript: and
// data: links and a javascript: autolink refused), the server refuses the links at save, the HTML is
// published as text, and on the published page nothing runs: no dialog, no console error, no
// Content-Security-Policy violation, no flag the payloads set, on a fresh load and on a client-side
// navigation (which inserts the route data's HTML). The refused payloads are then published past the
// check, as a direct store write would, and still run nothing. Then the old text is restored. Its own
// server and data folder, so the shared server's pages stay as other specs expect them.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { contentPublishing } from "../../server/content/publishing.ts";
import { openStores } from "../../server/stores.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { expect, hydrated, markdownView, publishTimeout, test } from "./fixtures.ts";
import { keyTitle, type EditableKey } from "#common/content-keys.ts";

/** The editor's text box, named as the console names the key: "Text of Home · Heading". */
const editorLabel = (key: string) => {
  const { page, name } = keyTitle(key as EditableKey);
  return `Text of ${page} · ${name}`;
};

const key = "blog-home";
const password = "plum-kettle-orbit-47";
const editor = "safety-editor@example.com";
const flags = ["__xssScript", "__xssImg", "__xssLink", "__xssData", "__xssAuto"];
const shown = ["<script>window.__xssScript = 1</script>", "<img src=x onerror=window.__xssImg=1>"];
const refused = [
  "[a link](javascript:window.__xssLink=1)",
  "[a data page](data:text/html,<script>window.__xssData=1</script>)",
  "<javascript:window.__xssAuto=1>",
];

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({
    BUILD_DIR: path.resolve("build/client"),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "e2e-content-safety-")),
  });
  execFileSync("npm", ["run", "-s", "users", "--", "add", editor, "--role", "editor", "--data-dir", server.dataDir], {
    input: `${password}\n`,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

/** A context on this spec's server with every other origin blocked, as the shared fixture does. */
async function ownContext(browser: import("@playwright/test").Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const origin = new URL(server.url).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort("blockedbyclient"),
  );
  return context;
}

/** Everything that would show a payload ran: dialogs, page and console errors, CSP violations, and its flags. */
async function watch(page: Page) {
  const seen: string[] = [];
  page.on("dialog", (dialog) => {
    seen.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("pageerror", (error) => seen.push(`page error: ${error.message}`));
  page.on("console", (message) => void (message.type() === "error" && seen.push(`console: ${message.text()}`)));
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = violations;
    document.addEventListener("securitypolicyviolation", (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...seen,
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).map(
      (violation) => `CSP: ${violation}`,
    ),
    ...(await page.evaluate((names) => names.filter((name) => name in window), flags)).map((name) => `ran: ${name}`),
  ];
}

/** The visitor's view of /blog once the server serves `marker`: a fresh load, then a client-side navigation. */
async function visitorSeesNothingRun(context: BrowserContext, marker: string) {
  await expect
    .poll(async () => (await fetch(`${server.url}/blog`).then((r) => r.text())).includes(marker), { timeout: 15_000 })
    .toBe(true);
  const page = await context.newPage();
  const ran = await watch(page);
  await page.goto("/blog");
  await hydrated(page);
  await expect(page.getByRole("main")).toContainText(marker);
  // Whatever the text became, no link on the page has an address that runs script.
  for (const link of await page.getByRole("main").getByRole("link").all()) {
    const href = (await link.getAttribute("href")) ?? "";
    expect(href, (await link.textContent()) ?? "").not.toMatch(/^\s*(javascript|data|vbscript):/i);
  }
  expect(await ran()).toEqual([]);
  // Back to /blog client-side, from its route data (the footer links to it only once it has a post).
  await page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("main")).not.toContainText(marker);
  await page.goBack();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("main")).toContainText(marker);
  expect(await ran()).toEqual([]);
  await page.close();
}

test("markdown with script, onerror, javascript: and data: links runs nothing on the published page", async ({
  browser,
}) => {
  const context = await ownContext(browser);
  const page = await context.newPage();
  const ran = await watch(page);
  await page.goto("/admin", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill(editor);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
  const before = await page.evaluate((k) => fetch(`/admin/api/content/entry?key=${k}`).then((r) => r.json()), key);

  await page.goto(`/admin/content/${key}`, { waitUntil: "domcontentloaded" });
  const box = page.getByRole("textbox", { name: editorLabel(key), exact: true });
  const type = async (text: string) => {
    await markdownView(page);
    await box.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    // Inserted rather than typed: the editor would close brackets and tags as a person types them.
    await page.keyboard.insertText(text);
  };
  const marker = `Safety check ${Date.now().toString(36)}`;
  await type(`## ${marker}\n\n${[...shown, ...refused].join("\n\n")}\n`);

  // Before saving, the editor says what is shown as text and which links the save will refuse.
  const problems = page.getByRole("list", { name: "Problems found" });
  await expect(problems).toContainText("<script> is shown as text on the page");
  await expect(problems).toContainText("<img> is shown as text on the page");
  await expect(problems).toContainText("The link javascript:window.__xssLink=1 will be refused when you save");
  await expect(problems).toContainText("The link data:text/html,");
  await expect(problems).toContainText("The link javascript:window.__xssAuto=1 will be refused when you save");
  await expect(problems.getByRole("listitem")).toHaveCount(5);
  // The preview is drawn with the site's own pipeline: nothing runs there either.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("<script>window.__xssScript = 1</script>");
  await page.screenshot({ path: "test-results/content-safety/editor-1440.png", fullPage: true });
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await page.getByRole("list", { name: "Problems found" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/content-safety/checks-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The server refuses the save and says why; the text stays in the editor.
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "is refused: javascript:, vbscript:, data: and file: addresses are not allowed in content",
  );
  await expect(box).toContainText("window.__xssLink=1");

  // Without the refused links the HTML can be published, as text, once the problems are acknowledged.
  await type(`## ${marker}\n\n${shown.join("\n\n")}\n`);
  await expect(problems.getByRole("listitem")).toHaveCount(2);
  await page.getByLabel("Publish despite the 2 problems found").check();
  await page.getByRole("button", { name: "Save and publish now" }).click();
  await expect(page.getByRole("status")).toContainText(/Version \d+ is published\./, { timeout: publishTimeout });
  // The refused save's 400 is the browser's note of the answer above, not a payload.
  expect((await ran()).filter((seen) => !seen.includes("status of 400 (Bad Request)"))).toEqual([]);

  await visitorSeesNothingRun(context, marker);
  const visitor = await context.newPage();
  await visitor.goto("/blog");
  // The markup is on the page as the words that were written.
  for (const text of shown) await expect(visitor.getByRole("main")).toContainText(text);
  await visitor.close();

  // Past the check (a direct store write): the renderer still turns each refused link into text.
  const pastCheck = `Past the check ${Date.now().toString(36)}`;
  const stores = await openStores({ databaseUrl: "", dataDir: server.dataDir });
  const latest = (await stores.content.version(key))!.version;
  const saved = await stores.content.save(key, `## ${pastCheck}\n\n${[...shown, ...refused].join("\n\n")}\n`, {
    account: editor,
    baseVersion: latest,
    now: new Date(),
  });
  await stores.content.publish(key, saved.version, { account: editor, now: new Date() });
  await visitorSeesNothingRun(context, pastCheck);

  // Restore: the text published before this test (the file's, when none was) is published again.
  const publishing = contentPublishing(stores.content, (entry) => stores.console.audit(entry));
  const by = { account: editor, address: "e2e", now: new Date() };
  const old = before.published?.body ?? before.fileText;
  const restored = await publishing.save(key, old, saved.version, by);
  await publishing.publish(key, restored.version, undefined, by);
  await stores.close();
  await expect
    .poll(async () => (await fetch(`${server.url}/blog`).then((r) => r.text())).includes(pastCheck), {
      timeout: 15_000,
    })
    .toBe(false);
  expect(await fetch(`${server.url}/blog`).then((r) => r.text())).toContain("Our blog is coming soon");
  await context.close();
});
