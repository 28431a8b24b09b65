// A blog post published through the console's API on the real build (npm run build first), with no
// build after it: /blog lists it, /blog/<slug> is its page with its head and JSON-LD, the Atom feed
// (read by feedparser, which we did not write) and the sitemap name it; unpublished, the page goes
// and /blog is the build's placeholder again, byte for byte.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFeed } from "../../tests/support/feedparser.ts";
import { validateHtml } from "../../tests/gates/nu-validator.ts";
import { testApp } from "../../tests/support/app.ts";
import { consoleSession } from "../../tests/support/console-session.ts";
import { hashPassword } from "../console/passwords.ts";

const clientDir = path.resolve("build/client");
const password = "plum-kettle-orbit-47";
type App = Awaited<ReturnType<typeof testApp>>["app"];
let app: App;
let dataDir: string;
let db: Awaited<ReturnType<typeof testApp>>["db"];
let editor: Record<string, string>;

const post = {
  title: "Closing the month two days sooner",
  summary: "How a consulting team moved time, expenses and billing into one place, and what it changed at month end.",
  body: "## Where the days went\n\nTimesheets came in late. See [billing](/features/billing).\n\n- One\n- Two",
  cover: "",
  coverAlt: "",
  author: "Ann Example",
  tags: "Billing, Month end",
  date: "2026-03-02",
};
const older = { ...post, title: "An older post", date: "2026-01-15", tags: "" };

const get = (url: string) => app.inject({ url, headers: { "accept-encoding": "identity" } });
const api = (url: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: `/admin/api/content/${url}`, headers: editor, payload });
async function publishPost(slug: string, fields: typeof post) {
  const saved = await api("save", { key: `post/${slug}`, body: JSON.stringify([fields]), baseVersion: 0 });
  expect(saved.json()).toMatchObject({ saved: { version: 1 } });
  expect((await api("publish", { key: `post/${slug}`, version: 1 })).statusCode).toBe(200);
}
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
    (match) => (JSON.parse(match[1]) as { "@graph": Record<string, unknown>[] })["@graph"],
  );

beforeAll(async () => {
  if (!existsSync(path.join(clientDir, "..", "server", "index.js")))
    throw new Error('No build in build/: run "npm run build" before this test');
  // The periodic check is off: each step applies what is published itself.
  ({ app, db, dataDir } = await testApp({ BUILD_DIR: clientDir, CONTENT_CHECK_SECONDS: "3600" }));
  await app.stores.console.addAccount(
    { email: "ed@example.com", role: "editor", passwordHash: await hashPassword(password) },
    new Date(),
  );
  editor = await consoleSession(app, "ed@example.com", password);
}, 60_000);
afterAll(async () => {
  await app?.close();
  db?.close();
});

// Generous: the first post and the last unpublish each render every page again (the footers' blog
// link), and the console's answer waits for them; on a saturated machine that took over a minute.
describe("a blog post published from the console, without a build", { timeout: 240_000 }, () => {
  it("is listed on /blog, served at /blog/<slug> with its head, in the feed and the sitemap; unpublished, it goes", async () => {
    const placeholder = readFileSync(path.join(clientDir, "blog", "index.html"), "utf8");
    expect((await get("/blog")).body).toBe(placeholder);
    expect(parseFeed((await get("/blog/feed.xml")).body)).toMatchObject({ bozo: false, entries: [] });

    await publishPost("month-end", post);
    await publishPost("older-post", older);
    // No applyPublishedContent here (the periodic check is off): the console's answer waits for the pages.

    // The list, newest first, with the feed announced in its head.
    const list = (await get("/blog")).body;
    expect(list).not.toBe(placeholder);
    expect(list.indexOf(post.title)).toBeGreaterThan(-1);
    expect(list.indexOf(post.title)).toBeLessThan(list.indexOf(older.title));
    expect(list).toContain(post.summary);
    expect(list).toContain('<time dateTime="2026-03-02">March 2, 2026</time>');
    expect(list).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="The Tallyway blog" href="\/blog\/feed.xml"\/>/,
    );
    expect((await get("/blog.data")).statusCode).toBe(200);

    // The post's page: its head and structured data.
    const page = await get("/blog/month-end");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("script-src");
    const html = page.body;
    for (const part of [
      `<title>${post.title} | Tallyway</title>`,
      `<meta name="description" content="${post.summary}"/>`,
      '<link rel="canonical" href="https://www.tallyway.example/blog/month-end"/>',
      '<meta property="og:type" content="article"/>',
      '<meta property="article:published_time" content="2026-03-02"/>',
      '<meta name="twitter:card" content="summary"/>',
      "<h2>Where the days went</h2>",
      "Ann Example",
      'id="newsletter"',
    ])
      expect(html).toContain(part);
    expect(jsonLd(html)).toContainEqual(
      expect.objectContaining({
        "@type": "BlogPosting",
        headline: post.title,
        datePublished: "2026-03-02",
        author: { "@type": "Person", name: "Ann Example" },
      }),
    );
    expect((await get("/blog/month-end.data")).statusCode).toBe(200);
    // Both pages are valid HTML for the Nu validator, as the build's pages are (tests/gates/html.test.ts).
    const folder = mkdtempSync(path.join(tmpdir(), "blog-html-"));
    writeFileSync(path.join(folder, "list.html"), list);
    writeFileSync(path.join(folder, "post.html"), html);
    expect(await validateHtml([path.join(folder, "list.html"), path.join(folder, "post.html")])).toEqual([]);

    // The console's preview of a saved version: the real page, marked as a preview.
    const preview = await app.inject({
      url: "/admin/api/content/preview-page?key=post/month-end&version=1",
      headers: editor,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain("Preview — Post “Closing the month two days sooner”, version 1");
    expect(preview.body).toContain(`<h1 class="mt-4`);

    // The feed (valid Atom) and the sitemap.
    const feed = parseFeed((await get("/blog/feed.xml")).body);
    expect(feed).toMatchObject({ bozo: false, updated: "2026-03-02T00:00:00Z" });
    expect(feed.entries.map((entry) => [entry.title, entry.link, entry.tags])).toEqual([
      [post.title, "https://www.tallyway.example/blog/month-end", ["Billing", "Month end"]],
      [older.title, "https://www.tallyway.example/blog/older-post", []],
    ]);
    const sitemap = (await get("/sitemap.xml")).body;
    expect(sitemap).toContain(
      "<url><loc>https://www.tallyway.example/blog/month-end</loc><lastmod>2026-03-02</lastmod></url>",
    );
    expect(sitemap).toContain("<loc>https://www.tallyway.example/blog</loc>");

    // An unknown slug follows the rule for unknown paths (requirements §2: to the home page).
    const unknown = await get("/blog/no-such-post");
    expect([unknown.statusCode, unknown.headers.location]).toEqual([302, "/"]);

    // Unpublished: the page redirects like any unknown path, the list and feed drop it.
    expect((await api("unpublish", { key: "post/month-end" })).json().entry.item.status).toBe("draft");
    expect((await get("/blog/month-end")).statusCode).toBe(302);
    expect((await get("/blog/month-end.data")).statusCode).toBe(302);
    expect((await get("/blog")).body).not.toContain(post.title);
    expect(parseFeed((await get("/blog/feed.xml")).body).entries.map((entry) => entry.title)).toEqual([older.title]);
    expect((await get("/sitemap.xml")).body).not.toContain("month-end");

    // With none published, /blog is the build's placeholder again, and the feed and sitemap the build's.
    await api("unpublish", { key: "post/older-post" });
    expect((await get("/blog")).body).toBe(placeholder);
    expect((await get("/blog/feed.xml")).body).toBe(readFileSync(path.join(clientDir, "blog", "feed.xml"), "utf8"));
    expect((await get("/sitemap.xml")).body).toBe(readFileSync(path.join(clientDir, "sitemap.xml"), "utf8"));
  });

  it("lists posts for the console, newest first, and refuses a bad post or unpublishing a page's key", async () => {
    const list = (await app.inject({ url: "/admin/api/content/posts", headers: editor })).json();
    expect(
      list.posts.map((p: { slug: string; title: string; date: string; item: { status: string } }) => [
        p.slug,
        p.title,
        p.date,
        p.item.status,
      ]),
    ).toEqual([
      ["month-end", post.title, "2026-03-02", "draft"],
      ["older-post", older.title, "2026-01-15", "draft"],
    ]);
    const bad = await api("save", {
      key: "post/bad-one",
      body: JSON.stringify([{ ...post, body: "![x](https://elsewhere.example/a.png)" }]),
      baseVersion: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Text has the image .*, which is refused/);
    expect((await api("save", { key: "post/Bad_Slug", body: JSON.stringify([post]), baseVersion: 0 })).statusCode).toBe(
      404,
    );
    expect((await api("unpublish", { key: "home-heading" })).statusCode).toBe(400);
    const entry = (await app.inject({ url: "/admin/api/content/entry?key=post/brand-new", headers: editor })).json();
    expect(JSON.parse(entry.fileText)[0]).toMatchObject({ title: "", date: new Date().toISOString().slice(0, 10) });
  });

  it("is published and unpublished with npm run content too, and listed there", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "post-cli-")), "post.json");
    writeFileSync(file, JSON.stringify([{ ...post, title: "From the command line" }]));
    const content = (...args: string[]) =>
      execFileSync(process.execPath, ["server/cli/content.ts", ...args, "--data-dir", dataDir], { encoding: "utf8" });
    expect(content("save", "post/from-cli", file, "--as", "ed@example.com")).toContain("Saved post/from-cli version 1");
    expect(content("publish", "post/from-cli", "--as", "ed@example.com")).toContain(
      "Published post/from-cli version 1",
    );
    expect(content("list")).toMatch(/^post\/from-cli\tpublished v1\t/m);
    await app.applyPublishedContent();
    expect((await get("/blog/from-cli")).body).toContain("From the command line");
    expect(content("unpublish", "post/from-cli", "--as", "ed@example.com")).toContain("Unpublished post/from-cli");
    await app.applyPublishedContent();
    expect((await get("/blog/from-cli")).statusCode).toBe(302);
  });
});
