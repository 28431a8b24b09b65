// One content key whose text cannot be rendered, on both engines, on the real build (npm run build
// first): the console refuses to save or publish it, naming the placeholder and its line; written to
// the store past those checks (as code before them did, or by hand) it is skipped alone, by the
// running server that picks it up (its check; on PostgreSQL also a second instance by NOTIFY) and
// after a restart: every other post stays on /blog, its page and the feed, the page key keeps its
// last good text, later publishes still show, and /healthz and /metrics name the key.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseFeed } from "../../tests/support/feedparser.ts";
import { testApp } from "../../tests/support/app.ts";
import { consoleSession } from "../../tests/support/console-session.ts";
import { testPostgres } from "../../tests/support/services.ts";
import { hashPassword } from "../console/passwords.ts";

const buildDir = path.resolve("build/client");
const password = "plum-kettle-orbit-47";
const metricsToken = "m".repeat(40);
type App = Awaited<ReturnType<typeof testApp>>["app"];

const postText = (title: string, date: string, body = `Words of ${title}.`) =>
  JSON.stringify([
    { title, summary: `About ${title}.`, body, cover: "", coverAlt: "", author: "Ann Example", tags: "", date },
  ]);
const badBody = "One\n\nhello {{nope}}";

/** Waits for a condition of the running servers, never for a fixed time. */
async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let postgres: Awaited<ReturnType<typeof testPostgres>> | undefined;
const running: { app: App; db: { close(): void } }[] = [];
afterAll(async () => {
  for (const { app, db } of running.splice(0)) {
    await app.close();
    db.close();
  }
  await postgres?.stop();
}, 60_000);

describe.each(["sqlite", "postgres"] as const)("a key that cannot be rendered, on %s", (engine) => {
  const env: Record<string, string> = { BUILD_DIR: buildDir, CONTENT_CHECK_SECONDS: "1", METRICS_TOKEN: metricsToken };
  let app: App;
  /** PostgreSQL: a second instance that hears of publishes by NOTIFY alone. */
  let other: App | undefined;
  let editor: Record<string, string>;

  const start = async (extra: Record<string, string> = {}) => {
    const started = await testApp({ ...env, ...extra });
    running.push(started);
    return started.app;
  };
  const stop = async (stopped: App) => {
    const index = running.findIndex((entry) => entry.app === stopped);
    const [{ db }] = running.splice(index, 1);
    await stopped.close();
    db.close();
  };
  const get = (on: App, url: string) => on.inject({ url, headers: { "accept-encoding": "identity" } });
  const api = (url: string, payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url: `/admin/api/content/${url}`, headers: editor, payload });
  const publishPost = async (slug: string, text: string, baseVersion = 0) => {
    const saved = await api("save", { key: `post/${slug}`, body: text, baseVersion });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await api("publish", { key: `post/${slug}`, version: saved.json().saved.version });
    expect(published.statusCode, published.body).toBe(200);
  };
  const metrics = async (on: App) =>
    (await on.inject({ url: "/metrics", headers: { authorization: `Bearer ${metricsToken}` } })).body;
  const failingKeys = (on: App) =>
    on
      .contentFailures()
      .map(({ key }) => key)
      .sort();

  /** What every instance must serve while post/bad-one does not render. */
  async function expectBlogIntact(on: App, titles: string[]) {
    const list = (await get(on, "/blog")).body;
    for (const title of titles) expect(list).toContain(title);
    expect(list).not.toContain("Bad one");
    expect((await get(on, "/blog/good-one")).statusCode).toBe(200);
    expect((await get(on, "/blog/good-one")).body).toContain("Words of Good one.");
    expect((await get(on, "/blog/bad-one")).statusCode).toBe(302);
    const feed = parseFeed((await get(on, "/blog/feed.xml")).body);
    expect(feed.bozo).toBeFalsy();
    expect(feed.entries.map((entry) => entry.title).sort()).toEqual([...titles].sort());
    expect((await get(on, "/sitemap.xml")).body).toContain("/blog/good-one");
  }
  async function expectReported(on: App) {
    const health = await get(on, "/healthz");
    expect(health.statusCode).toBe(200);
    const body = health.json();
    expect(body.status).toBe("degraded");
    expect(body.database).toBe("ok");
    expect(body.content).toMatch(
      /^error: post\/bad-one version 1, home-heading version 2 cannot be rendered|^error: home-heading version 2, post\/bad-one version 1 cannot be rendered/,
    );
    const scraped = await metrics(on);
    expect(scraped).toMatch(/^tallyway_content_render_failing\{key="post\/bad-one"\} 1$/m);
    expect(scraped).toMatch(/^tallyway_content_render_failing\{key="home-heading"\} 1$/m);
    expect(scraped).toMatch(/^tallyway_content_render_failing_keys 2$/m);
  }

  it("is refused at save and at publish, naming the placeholder and its line", { timeout: 120_000 }, async () => {
    if (!existsSync(path.join(buildDir, "..", "server", "index.js")))
      throw new Error('No build: run "npm run build" first');
    if (engine === "postgres") {
      postgres ??= await testPostgres();
      env.DATABASE_URL = await postgres.databaseUrl();
    } else env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "render-failures-"));
    app = await start();
    if (engine === "postgres") other = await start({ CONTENT_CHECK_SECONDS: "3600" });
    await app.stores.console.addAccount(
      { email: "ed@example.com", role: "editor", passwordHash: await hashPassword(password) },
      new Date(),
    );
    editor = await consoleSession(app, "ed@example.com", password);

    await publishPost("good-one", postText("Good one", "2026-03-02"));
    await publishPost("good-two", postText("Good two", "2026-02-01"));
    const heading = await api("save", { key: "home-heading", body: "# A heading that renders", baseVersion: 0 });
    expect((await api("publish", { key: "home-heading", version: heading.json().saved.version })).statusCode).toBe(200);

    const post = await api("save", {
      key: "post/bad-one",
      body: postText("Bad one", "2026-03-10", badBody),
      baseVersion: 0,
    });
    expect(post.statusCode).toBe(400);
    expect(post.json().error).toContain("Text: Unknown placeholder {{nope}} on line 3.");
    const page = await api("save", { key: "home-heading", body: "# {{constructor}}", baseVersion: 1 });
    expect(page.statusCode).toBe(400);
    expect(page.json().error).toContain("Unknown placeholder {{constructor}} on line 1.");

    // A version in the store that skipped the save's checks is refused at publish too, and nothing is published.
    await app.stores.content.save("post/bad-one", postText("Bad one", "2026-03-10", badBody), {
      account: "ed@example.com",
      baseVersion: 0,
      now: new Date(),
    });
    const publish = await api("publish", { key: "post/bad-one", version: 1 });
    expect(publish.statusCode).toBe(400);
    expect(publish.json().error).toContain("Version 1 is not published");
    expect(publish.json().error).toContain("Unknown placeholder {{nope}} on line 3.");
    expect((await app.stores.content.published()).bodies.has("post/bad-one")).toBe(false);
  });

  it(
    "published past the checks, it alone is skipped by the running instances, which say so",
    { timeout: 120_000 },
    async () => {
      await until(async () => (await get(app, "/")).body.includes("A heading that renders"), "the good heading");
      await app.stores.content.save("home-heading", "# {{constructor}}", {
        account: "ed@example.com",
        baseVersion: 1,
        now: new Date(),
      });
      await app.stores.content.publish("post/bad-one", 1, { account: "ed@example.com", now: new Date() });
      await app.stores.content.publish("home-heading", 2, { account: "ed@example.com", now: new Date() });

      for (const instance of [app, ...(other ? [other] : [])]) {
        await until(() => failingKeys(instance).length === 2, "both keys reported as failing");
        expect(failingKeys(instance)).toEqual(["home-heading", "post/bad-one"]);
        await expectBlogIntact(instance, ["Good one", "Good two"]);
        // The page key keeps its last good text.
        expect((await get(instance, "/")).body).toContain("A heading that renders");
        await expectReported(instance);
      }

      // A later post is published and listed as ever.
      await publishPost("good-three", postText("Good three", "2026-03-20"));
      await app.applyPublishedContent();
      await expectBlogIntact(app, ["Good one", "Good two", "Good three"]);
    },
  );

  it("after a restart every other post is still served and the key is still named", { timeout: 120_000 }, async () => {
    for (const instance of [app, ...(other ? [other] : [])]) await stop(instance);
    app = await start();
    editor = await consoleSession(app, "ed@example.com", password);
    expect(failingKeys(app)).toEqual(["home-heading", "post/bad-one"]);
    await expectBlogIntact(app, ["Good one", "Good two", "Good three"]);
    // No text of the page key rendered on this instance yet: it shows its file, as built.
    expect((await get(app, "/")).body).not.toContain("A heading that renders");
    expect((await get(app, "/")).statusCode).toBe(200);
    await expectReported(app);

    // A version that renders takes the key off the list.
    await publishPost("bad-one", postText("Bad one, mended", "2026-03-10"), 1);
    await app.applyPublishedContent();
    expect((await get(app, "/blog")).body).toContain("Bad one, mended");
    expect(failingKeys(app)).toEqual(["home-heading"]);
    expect(await metrics(app)).not.toContain('key="post/bad-one"');
  });
});
