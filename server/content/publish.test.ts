// Publishing without a build, end to end on SQLite: a real server process serving the real build
// (npm run build first), `npm run content` in another process. The single server picks a publish
// up by its one-second check of the publication counter; the page, its route data, their
// compressed copies and the page's CSP header all change together.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlineSources } from "#common/csp-hashes.ts";
import { waitFor } from "../../tests/support/app.ts";
import { useContentServer } from "../../tests/support/content-cli.ts";
import { openStores } from "../stores.ts";

const buildDir = path.resolve("build/client");
const running = useContentServer();
const work = mkdtempSync(path.join(tmpdir(), "content-cli-"));

const content = running.content;
const file = (name: string, text: string) => {
  const full = path.join(work, name);
  writeFileSync(full, text);
  return full;
};
const page = (urlPath: string, headers: Record<string, string> = {}) =>
  fetch(`${running.server.url}${urlPath}`, { headers });

describe("npm run content on SQLite, with the server running", { timeout: 60_000 }, () => {
  it("saves a draft that visitors do not see, then publishes it to the running server", async () => {
    const before = await (await page("/about")).text();
    expect(before).toBe(readFileSync(path.join(buildDir, "about/index.html"), "utf8"));

    const saved = await content(
      "save",
      "about-home",
      file("about.md", "# About, published at run time\n\nNew words."),
      "--as",
      "ann@example.com",
    );
    expect(saved.stdout).toContain("Saved about-home version 1 (a draft)");
    expect((await content("list")).stdout).toMatch(
      /about-home\tfile published, draft v1\tlast saved by ann@example\.com/,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await (await page("/about")).text()).toBe(before);

    expect((await content("publish", "about-home")).stdout).toContain("Published about-home version 1");
    await waitFor(
      async () => (await (await page("/about")).text()).includes("<h1>About, published at run time</h1>"),
      15_000,
      "the new heading",
    );

    const html = await page("/about");
    const text = await html.text();
    const policy = html.headers.get("content-security-policy")!;
    for (const hash of inlineSources(text).scripts) expect(policy).toContain(hash);
    expect(html.headers.get("etag")).not.toBe(null);
    const br = await page("/about", { "accept-encoding": "br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(await (await page("/about.data")).text()).toContain("About, published at run time");
    // fetch decodes brotli itself: the compressed copy is of the new page too.
    expect(await br.text()).toBe(text);
  });

  it("refuses a second save on the same base, and a javascript: link, with a clear message", async () => {
    const conflict = await content(
      "save",
      "about-home",
      file("late.md", "late"),
      "--as",
      "ann@example.com",
      "--base",
      "0",
    );
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toMatch(/you started from version 0, but the newest is version 1 .*Nothing was saved/);
    const script = await content(
      "save",
      "about-home",
      file("bad.md", "[x](javascript:alert(1))"),
      "--as",
      "ann@example.com",
    );
    expect(script.code).toBe(1);
    expect(script.stderr).toContain("javascript:, vbscript:, data: and file: addresses are not allowed in content");
    expect((await content("save", "about-home", file("x.md", "x"), "--as", "nobody@example.com")).stderr).toContain(
      "No console account",
    );
  });

  it("refuses text that cannot be rendered, naming the placeholder and line; a server given such text keeps the old page", async () => {
    const save = await content("save", "blog-home", file("blog.md", "Ask\n{{nobody}}"), "--as", "ann@example.com");
    expect(save.code).toBe(1);
    expect(save.stderr).toContain('"blog-home": Unknown placeholder {{nobody}} on line 2.');
    // A version that skipped the save's checks (saved by an older server, or by hand) is refused at publish.
    const stores = await openStores({ databaseUrl: "", dataDir: running.server.dataDir });
    await stores.content.save("blog-home", "Ask\n{{nobody}}", {
      account: "ann@example.com",
      baseVersion: 0,
      now: new Date(),
    });
    const refused = await content("publish", "blog-home");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Version 1 is not published: "blog-home": Unknown placeholder {{nobody}} on line 2.',
    );
    expect((await content("list")).stdout).toMatch(/^blog-home\tfile published, draft v1\t/m);
    // Published past the command's checks (as a store write would be), the server logs why, keeps the page and says so.
    await stores.content.publish("blog-home", 1, { account: "ann@example.com", now: new Date() });
    await stores.close();
    await waitFor(
      async () => running.server.output().includes("blog-home version 1 is published but cannot be rendered"),
      15_000,
      "the error in the log",
    );
    expect(await (await page("/blog")).text()).toBe(readFileSync(path.join(buildDir, "blog/index.html"), "utf8"));
    const health = await page("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      status: "degraded",
      content: expect.stringContaining("blog-home version 1"),
    });
  });

  it("shows history, restores an old version as a new one, and exports what is published", async () => {
    await content("save", "about-home", file("about2.md", "# Second about"), "--as", "ann@example.com");
    const restored = await content("restore", "about-home", "1", "--as", "ann@example.com");
    expect(restored.stdout).toContain("Restored about-home version 1 as version 3");
    const history = (await content("history", "about-home")).stdout.trim().split("\n");
    expect(history).toHaveLength(3);
    expect(history[2]).toMatch(/^v1\t\S+\tann@example\.com\ton v0\tpublished$/);
    expect((await content("show", "about-home", "--version", "2")).stdout).toBe("# Second about");

    const exported = path.join(work, "export");
    expect((await content("export", exported)).code).toBe(0);
    expect(readFileSync(path.join(exported, "about-home.md"), "utf8")).toBe(
      "# About, published at run time\n\nNew words.",
    );
    expect(readFileSync(path.join(exported, "legal/terms.md"), "utf8")).toBe(
      readFileSync("content/legal/terms.md", "utf8"),
    );
  });

  it("schedules a version; the server publishes it when due", async () => {
    await content("save", "legal/terms", file("terms.md", "## Scheduled terms\n\nText."), "--as", "ann@example.com");
    const at = new Date(Date.now() + 10_000).toISOString();
    expect((await content("publish", "legal/terms", "--at", at, "--as", "ann@example.com")).stdout).toContain(
      `Scheduled legal/terms version 1 for ${at}`,
    );
    expect((await content("list")).stdout).toContain(`scheduled v1 at ${at}`);
    await waitFor(
      async () => (await (await page("/terms")).text()).includes("Scheduled terms"),
      30_000,
      "the scheduled page",
    );
    const stores = await openStores({ databaseUrl: "", dataDir: running.server.dataDir });
    const log = await stores.console.auditLog({ offset: 0, limit: 50 });
    await stores.close();
    expect(log.map((entry) => `${entry.account} ${entry.action} ${entry.detail}`)).toContain(
      "ann@example.com content-publish legal/terms version 1 (scheduled)",
    );
  });
});
