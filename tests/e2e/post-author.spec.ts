// A new post's author is the writer's own name (issue 44, "author pre-filled from the account"): set
// with `npm run users -- add --name`, changed by the writer in the console's account menu, and empty,
// never the e-mail address, for an account with no name. Its own server and data folder.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { startServer, type RunningServer } from "../support/server.ts";
import { expect, test } from "./fixtures.ts";

const password = "plum-kettle-orbit-47";
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({
    BUILD_DIR: path.resolve("build/client"),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "e2e-post-author-")),
  });
  const users = (...args: string[]) =>
    execFileSync("npm", ["run", "-s", "users", "--", ...args, "--data-dir", server.dataDir], {
      input: `${password}\n`,
    });
  users("add", "ada@example.com", "--role", "editor", "--name", "Ada Lovelace");
  users("add", "nameless@example.com", "--role", "editor");
});
test.afterAll(async () => server?.stop());

/** A page of this spec's own server, at a size, reaching nothing else. */
async function ownPage(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height } });
  const origin = new URL(server.url).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort("blockedbyclient"),
  );
  return context.newPage();
}

async function signIn(page: Page, email: string) {
  await page.goto("/admin", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
}

async function startPost(page: Page, title: string) {
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Posts" }).click();
  // Leaving a post just started: its text is kept (the leave guard asks), the list comes.
  const newTitle = page.getByLabel("New post's title");
  const keep = page.getByRole("dialog").getByRole("button", { name: /leave/i }).first();
  await expect(newTitle.or(keep)).toBeVisible();
  if (await keep.isVisible()) await keep.click();
  await newTitle.fill(title);
  await page.getByRole("button", { name: "Write it" }).click();
  await expect(page.getByRole("heading", { name: `Post · ${title}`, level: 1 })).toBeVisible();
}

const author = (page: Page) => page.getByRole("textbox", { name: /^Author\b/ });

test("a new post starts with the writer's name as its author, and the writer can change that name", async ({
  browser,
}) => {
  const page = await ownPage(browser, 1440, 900);
  await signIn(page, "ada@example.com");
  const menu = page.getByRole("complementary").getByRole("form", { name: "Your name" });
  await expect(menu.getByRole("textbox", { name: "Your name" })).toHaveValue("Ada Lovelace");
  await startPost(page, "Notes from the March close");
  await expect(author(page)).toHaveValue("Ada Lovelace");

  // Changed in the account menu, the next new post has the new name.
  await menu.getByRole("textbox", { name: "Your name" }).fill("Ada King");
  await menu.getByRole("button", { name: "Save" }).click();
  await expect(menu.getByText("Saved.")).toBeVisible();
  await startPost(page, "A second post");
  await expect(author(page)).toHaveValue("Ada King");
  await page.reload({ waitUntil: "domcontentloaded" });
  await expect(page.getByRole("complementary").getByRole("textbox", { name: "Your name" })).toHaveValue("Ada King");
  await page.context().close();
});

test("an account with no name starts a post with no author, never its address; on a phone it sets one from the menu", async ({
  browser,
}) => {
  const page = await ownPage(browser, 390, 844);
  await signIn(page, "nameless@example.com");
  await startPost(page, "Untitled thoughts");
  await expect(author(page)).toHaveValue("");
  await page.getByRole("complementary").locator("summary").click();
  await page.getByRole("form", { name: "Your name" }).getByRole("textbox", { name: "Your name" }).fill("Bo Nameless");
  await page.getByRole("form", { name: "Your name" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("complementary").locator("summary")).toHaveText("Bo Nameless");
  await page.context().close();
});
