// A publish without a build, as a visitor whose browser runs the service worker sees it: the page
// and its route data are network-first, so once the server renders the new text an online visitor
// gets it, by reload and by a client-side navigation; a page the worker has cached is replaced by
// the first reload after a publish, and offline it shows the newest copy it saw. Its own server and
// data folder, so the other specs' pages stay as the build made them.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { contentPublishing } from "../../server/content/publishing.ts";
import { openStores } from "../../server/stores.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { expect, hydrated, test } from "./fixtures.ts";

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({
    BUILD_DIR: path.resolve("build/client"),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "e2e-content-")),
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test("an online visitor with the service worker gets the re-rendered page", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: "allow" });
  const page = await context.newPage();
  await page.goto("/about");
  await hydrated(page);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ""), { timeout: 30_000 })
    .toMatch(/\/sw\.js$/);
  const before = await page.locator("main h1, main h2").first().textContent();

  const heading = "About us, published without a build";
  const stores = await openStores({ databaseUrl: "", dataDir: server.dataDir });
  const publishing = contentPublishing(stores.content, (entry) => stores.console.audit(entry));
  const editor = { account: "ann@example.com", address: "e2e", now: new Date() };
  await publishing.save("about-home", `## ${heading}\n\nWe publish at run time.`, 0, editor);
  await publishing.publish("about-home", undefined, undefined, editor);
  await stores.close();
  await expect
    .poll(async () => (await fetch(`${server.url}/about`).then((r) => r.text())).includes(heading), { timeout: 15_000 })
    .toBe(true);

  // A reload is a navigation the service worker answers from the network.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  expect(before).not.toContain(heading);

  // A client-side navigation fetches /about.data through the service worker, from the network too.
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  await context.close();
});

test("a page the service worker has cached is replaced by the first reload after a publish, offline too", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: "allow" });
  const page = await context.newPage();
  await page.goto("/privacy");
  await hydrated(page);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ""), { timeout: 30_000 })
    .toMatch(/\/sw\.js$/);
  // A navigation the worker answers: the old page is now in its cache, the copy it would keep serving.
  await page.reload();
  await hydrated(page);
  const cached = () =>
    page.evaluate(async () => (await (await caches.match(location.href, { cacheName: "pages" }))?.text()) ?? "");
  await expect.poll(cached).toContain("<h1");
  const heading = "Privacy, changed after the worker cached it";
  expect(await cached()).not.toContain(heading);

  const stores = await openStores({ databaseUrl: "", dataDir: server.dataDir });
  const publishing = contentPublishing(stores.content, (entry) => stores.console.audit(entry));
  const editor = { account: "ann@example.com", address: "e2e", now: new Date() };
  await publishing.save("legal/privacy", `## ${heading}\n\nWe keep what we said.`, 0, editor);
  await publishing.publish("legal/privacy", undefined, undefined, editor);
  await stores.close();
  await expect
    .poll(async () => (await fetch(`${server.url}/privacy`).then((r) => r.text())).includes(heading), {
      timeout: 15_000,
    })
    .toBe(true);

  // One reload: the worker goes to the network first, so the old copy it holds is not served.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  expect(await cached()).toContain(heading);
  // Offline, the worker shows the newest copy it has seen, not the old page nor the build's.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  await context.close();
});
