// The console's content API and the editor role against the real app (buildApp with app.inject) on
// a real SQLite file; the previews against the real build (npm run build first).
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureBuild, testApp } from "../../tests/support/app.ts";
import { hashPassword } from "./passwords.ts";
import { editableKeys, pagesShowing } from "#common/content-keys.ts";
import {
  consoleOrigin as origin,
  consolePost,
  consoleSession,
  personalDataApis,
  sameSite,
} from "../../tests/support/console-session.ts";

const password = "plum-kettle-orbit-47";
const same = sameSite;
type App = Awaited<ReturnType<typeof testApp>>["app"];

const signIn = (app: App, email: string) => consoleSession(app, email, password);

async function addAccounts(app: App) {
  const passwordHash = await hashPassword(password);
  for (const role of ["owner", "viewer", "editor"] as const)
    await app.stores.console.addAccount({ email: `${role}@example.com`, role, passwordHash }, new Date());
  await app.stores.console.addAccount({ email: "second-editor@example.com", role: "editor", passwordHash }, new Date());
}

// Every API with personal data or figures: an editor gets 403 from each.
const notForEditors = personalDataApis;

const contentApis: [method: "GET" | "POST", url: string][] = [
  ["GET", "/admin/api/content"],
  ["GET", "/admin/api/content/entry?key=home-heading"],
  ["GET", "/admin/api/content/history?key=home-heading"],
  ["POST", "/admin/api/content/save"],
  ["POST", "/admin/api/content/publish"],
  ["POST", "/admin/api/content/restore"],
  ["POST", "/admin/api/content/preview"],
  ["GET", "/admin/api/content/preview-page?key=home-heading&version=0"],
  ["GET", "/admin/api/content/posts"],
  ["POST", "/admin/api/content/unpublish"],
];

describe("the editor role and the content API (SQLite)", () => {
  let app: App;
  let db: Awaited<ReturnType<typeof testApp>>["db"];
  beforeAll(async () => {
    ({ app, db } = await testApp({
      BUILD_DIR: fixtureBuild({ "admin/index.html": "<!DOCTYPE html><title>Console</title>" }),
    }));
    await addAccounts(app);
  });
  afterAll(async () => {
    await app.close();
    db.close();
  });

  it("answers 403 to an editor on every API of leads, subscribers, usage, data requests and the audit log, and tells nothing personal", async () => {
    await app.inject({
      url: "/contactUs?domain=x&type=Lead&name=Zed%20Quill&email=zed.quill%40example.com&subject=Secret%20plan&details=Private%20words",
      headers: { origin },
    });
    const editor = await signIn(app, "editor@example.com");
    expect((await app.inject({ url: "/admin/api/session", headers: editor })).json()).toEqual({
      signedIn: true,
      account: { email: "editor@example.com", name: null, role: "editor" },
    });
    const bodies: string[] = [];
    for (const [method, url] of notForEditors) {
      const reply = await app.inject({
        method,
        url,
        headers: editor,
        payload:
          method === "GET"
            ? undefined
            : { email: "zed.quill@example.com", confirm: "zed.quill@example.com", status: "won" },
      });
      expect([method, url, reply.statusCode]).toEqual([method, url, 403]);
      bodies.push(reply.body);
    }
    for (const [method, url] of contentApis.filter(([m]) => m === "GET"))
      bodies.push((await app.inject({ method, url, headers: editor })).body);
    const all = bodies.join("\n");
    for (const secret of ["zed.quill", "Zed Quill", "Secret plan", "Private words"]) expect(all).not.toContain(secret);
    // Nothing was erased or changed by the refused calls.
    const owner = await signIn(app, "owner@example.com");
    expect((await app.inject({ url: "/admin/api/leads?q=quill", headers: owner })).json().total).toBe(1);
  });

  it("answers 401 without a session and 403 to a viewer on every content API; owners and editors may read", async () => {
    const viewer = await signIn(app, "viewer@example.com");
    const owner = await signIn(app, "owner@example.com");
    const editor = await signIn(app, "editor@example.com");
    for (const [method, url] of contentApis) {
      const payload = method === "GET" ? undefined : { key: "home-heading" };
      expect([url, (await app.inject({ method, url, headers: same, payload })).statusCode]).toEqual([url, 401]);
      expect([url, (await app.inject({ method, url, headers: viewer, payload })).statusCode]).toEqual([url, 403]);
    }
    for (const headers of [owner, editor]) {
      const list = await app.inject({ url: "/admin/api/content", headers });
      expect(list.statusCode).toBe(200);
      expect(list.headers["cache-control"]).toBe("no-store");
      expect(list.json().keys).toContainEqual(
        expect.objectContaining({ key: "home-heading", status: "file", pages: ["/"], latestVersion: 0 }),
      );
      expect(list.json().keys).toHaveLength(editableKeys.length);
      expect(list.json().sitePaths).toEqual(["/"]);
    }
  });

  it("refuses a change from another origin", async () => {
    const editor = await signIn(app, "editor@example.com");
    const reply = await consolePost(
      app,
      { ...editor, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      "/admin/api/content/save",
      { key: "home-text", body: "Hi", baseVersion: 0 },
    );
    expect(reply.statusCode).toBe(403);
    expect(await app.stores.content.version("home-text")).toBeUndefined();
  });

  it("gives a key never edited with its file's text", async () => {
    const editor = await signIn(app, "editor@example.com");
    const answer = (await app.inject({ url: "/admin/api/content/entry?key=legal/terms", headers: editor })).json();
    expect(answer).toMatchObject({
      latest: null,
      published: null,
      item: { key: "legal/terms", status: "file", pages: ["/terms"] },
    });
    expect(answer.fileText).toMatch(/\/contact/);
    expect((await app.inject({ url: "/admin/api/content/entry?key=nope", headers: editor })).statusCode).toBe(404);
  });

  it("saves drafts on a base version, refuses the second of two saves on one base with 409, publishes, schedules and restores, each audited", async () => {
    const editor = await signIn(app, "editor@example.com");
    const second = await signIn(app, "second-editor@example.com");
    const owner = await signIn(app, "owner@example.com");
    const save = (headers: Record<string, string>, body: string, baseVersion: number) =>
      consolePost(app, headers, "/admin/api/content/save", { key: "home-heading", body, baseVersion });

    const first = await save(editor, "# First draft", 0);
    expect(first.statusCode).toBe(200);
    expect(first.json().saved).toMatchObject({ version: 1, account: "editor@example.com", baseVersion: 0 });
    expect(first.json().entry.item).toMatchObject({
      status: "draft",
      latestVersion: 1,
      changedBy: "editor@example.com",
    });

    // The second editor opened the key before the first save: their save is refused, nothing is written.
    const conflict = await save(second, "# Second draft", 0);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error).toMatch(/Someone else saved this text .* Your text is still in the editor/);
    expect((await app.stores.content.history("home-heading")).map((v) => v.body)).toEqual(["# First draft"]);

    const refused = await save(editor, "[x](javascript:alert(1))", 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/javascript:/);

    expect((await save(second, "# Second draft", 1)).json().saved.version).toBe(2);
    const published = await consolePost(app, editor, "/admin/api/content/publish", { key: "home-heading", version: 2 });
    expect(published.statusCode).toBe(200);
    expect(published.json().entry.item).toMatchObject({
      status: "published",
      publishedVersion: 2,
      changedBy: "editor@example.com",
    });
    expect(published.json().entry.published.body).toBe("# Second draft");
    expect((await app.stores.content.published()).bodies.get("home-heading")?.body).toBe("# Second draft");

    const past = await consolePost(app, editor, "/admin/api/content/publish", {
      key: "home-heading",
      version: 1,
      at: "2001-01-01T00:00:00Z",
    });
    expect(past.statusCode).toBe(400);
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await consolePost(app, owner, "/admin/api/content/publish", {
      key: "home-heading",
      version: 1,
      at,
    });
    expect(scheduled.json().entry.item).toMatchObject({ status: "scheduled", scheduledVersion: 1, scheduledAt: at });

    const restored = await consolePost(app, editor, "/admin/api/content/restore", { key: "home-heading", version: 1 });
    expect(restored.json().saved).toMatchObject({ version: 3, body: "# First draft", baseVersion: 2 });
    // Version 0 is the original text, the file in content/: back to it as a new draft.
    const { fileText } = (
      await app.inject({ url: "/admin/api/content/entry?key=home-heading", headers: editor })
    ).json();
    expect(fileText).toMatch(/^# /);
    const original = await consolePost(app, editor, "/admin/api/content/restore", { key: "home-heading", version: 0 });
    expect(original.json().saved).toMatchObject({ version: 4, body: fileText, baseVersion: 3 });
    const history = (await app.inject({ url: "/admin/api/content/history?key=home-heading", headers: editor })).json()
      .versions;
    expect(history.map((v: { version: number }) => v.version)).toEqual([4, 3, 2, 1]);

    const audit = (await app.inject({ url: "/admin/api/audit", headers: owner }))
      .json()
      .entries.filter((e: { action: string }) => e.action.startsWith("content-"));
    expect(
      audit.map((e: { account: string; action: string; detail: string }) => [e.account, e.action, e.detail]).reverse(),
    ).toEqual([
      ["editor@example.com", "content-save", "home-heading version 1"],
      ["second-editor@example.com", "content-save", "home-heading version 2"],
      ["editor@example.com", "content-publish", "home-heading version 2"],
      ["owner@example.com", "content-schedule", `home-heading version 1 at ${at}`],
      ["editor@example.com", "content-restore", "home-heading version 3 from version 1"],
      ["editor@example.com", "content-restore", "home-heading version 4 from the original text"],
    ]);
    expect(audit.every((e: { address: string }) => e.address === "127.0.0.1")).toBe(true);
  });

  it("gives a structured key its JSON file, refuses a save that breaks its schema by field, saves an unfinished draft and keeps it pretty-printed", async () => {
    const editor = await signIn(app, "editor@example.com");
    const entry = (await app.inject({ url: "/admin/api/content/entry?key=proof/quotes", headers: editor })).json();
    expect(entry).toMatchObject({
      latest: null,
      fileText: "[]\n",
      item: { status: "file", pages: pagesShowing["proof/quotes"] },
    });
    const save = (body: string) =>
      consolePost(app, editor, "/admin/api/content/save", { key: "proof/quotes", body, baseVersion: 0 });
    const quote = { quote: "Sooner month-ends.", person: "Ann Lee", role: "CFO", company: "Acme", logo: "" };
    const refused = await save(JSON.stringify([{ ...quote, role: "", logo: "javascript:alert(1)" }]));
    expect(refused.statusCode).toBe(400);
    // A draft may leave the role empty (issue 44: drafts save whatever is there); its logo is still wrong.
    expect(refused.json().error).toBe(
      '"proof/quotes": Quote 1, Logo (uploaded image): must be an uploaded image\'s reference, ' +
        "such as /assets/uploads/3f2a9c1b0d4e5f67-1200x800 (see Images).",
    );
    const unfinished = await save(JSON.stringify([{ ...quote, role: "" }]));
    expect(unfinished.statusCode).toBe(200);
    // Publishing needs it whole, and says which field.
    const publish = await consolePost(app, editor, "/admin/api/content/publish", { key: "proof/quotes", version: 1 });
    expect(publish.statusCode).toBe(400);
    expect(publish.json().error).toBe('Version 1 is not published: "proof/quotes": Quote 1, Role: is required.');
    const saved = await consolePost(app, editor, "/admin/api/content/save", {
      key: "proof/quotes",
      body: JSON.stringify([quote]),
      baseVersion: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().saved.body).toBe(`${JSON.stringify([quote], null, 2)}\n`);
  });

  it("keeps an editor's text as typed for that account alone, and opens the key with it until it is saved", async () => {
    const editor = await signIn(app, "editor@example.com");
    const owner = await signIn(app, "owner@example.com");
    const entryOf = async (headers: typeof editor) =>
      (await app.inject({ url: "/admin/api/content/entry?key=about-home", headers })).json();
    const kept = await consolePost(app, editor, "/admin/api/content/autosave", {
      key: "about-home",
      body: "Half a senten",
      baseVersion: 0,
    });
    expect(kept.statusCode).toBe(200);
    expect((await entryOf(editor)).autosave).toEqual({
      body: "Half a senten",
      baseVersion: 0,
      savedAt: kept.json().savedAt,
    });
    expect((await entryOf(owner)).autosave).toBeNull();
    // A post begun and never saved is in its writer's list of posts, as new.
    await consolePost(app, editor, "/admin/api/content/autosave", {
      key: "post/begun-here",
      body: JSON.stringify([{ title: "Begun here", summary: "", body: "", author: "", date: "" }]),
      baseVersion: 0,
    });
    const posts = async (headers: typeof editor) =>
      (await app.inject({ url: "/admin/api/content/posts", headers })).json().posts;
    expect(await posts(editor)).toContainEqual(
      expect.objectContaining({
        key: "post/begun-here",
        title: "Begun here",
        item: expect.objectContaining({ status: "file" }),
      }),
    );
    expect((await posts(owner)).map((post: { key: string }) => post.key)).not.toContain("post/begun-here");
    // Discarded: the key opens with its saved text again.
    const discarded = await consolePost(app, editor, "/admin/api/content/discard-autosave", { key: "about-home" });
    expect(discarded.json().entry.autosave).toBeNull();
    await consolePost(app, editor, "/admin/api/content/discard-autosave", { key: "post/begun-here" });
    // A viewer keeps nothing.
    const viewer = await signIn(app, "viewer@example.com");
    expect(
      (await consolePost(app, viewer, "/admin/api/content/autosave", { key: "about-home", body: "x", baseVersion: 0 }))
        .statusCode,
    ).toBe(403);
  });

  it("answers a preview 503 when the server has no build of the site", async () => {
    const editor = await signIn(app, "editor@example.com");
    const reply = await consolePost(app, editor, "/admin/api/content/preview", { key: "home-text", body: "Hi" });
    expect(reply.statusCode).toBe(503);
    expect(reply.json().error).toMatch(/build/);
  });
});

describe("the content previews (the real build)", () => {
  const clientDir = path.resolve("build/client");
  let app: App;
  let db: Awaited<ReturnType<typeof testApp>>["db"];
  beforeAll(async () => {
    if (!existsSync(path.join(clientDir, "..", "server", "index.js")))
      throw new Error('No build in build/: run "npm run build" before this test');
    ({ app, db } = await testApp({ BUILD_DIR: clientDir }));
    await addAccounts(app);
  });
  afterAll(async () => {
    await app.close();
    db.close();
  });

  it("renders a draft's markdown with the site's pipeline and placeholders, and names an unknown placeholder", async () => {
    const editor = await signIn(app, "editor@example.com");
    const preview = (body: string) =>
      consolePost(app, editor, "/admin/api/content/preview", { key: "home-text", body });
    const ok = await preview("## Call {{phone}}\n\n[Guide](https://docs.example/x) and <b>raw</b>");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().html).toContain("<h2>Call +1 555 010 0199</h2>");
    expect(ok.json().html).toContain('target="_blank"');
    expect(ok.json().html).toContain("&lt;b&gt;raw&lt;/b&gt;");
    const bad = await preview("Hello {{nobody}}");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/\{\{nobody\}\}/);
  });

  it("renders the real page with a saved draft in place, marked as a preview, with no script allowed, never indexed", async () => {
    const editor = await signIn(app, "editor@example.com");
    await consolePost(app, editor, "/admin/api/content/save", {
      key: "about-home",
      body: "# Draft about <us>",
      baseVersion: 0,
    });
    const reply = await app.inject({
      url: "/admin/api/content/preview-page?key=about-home&path=/about&version=1",
      headers: editor,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toMatch(/^text\/html/);
    expect(reply.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(reply.headers["cache-control"]).toBe("no-store");
    const policy = String(reply.headers["content-security-policy"]).split("; ");
    expect(policy).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "script-src 'none'",
        "connect-src 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ]),
    );
    expect(reply.body).toContain("<h1>Draft about &lt;us&gt;</h1>");
    expect(reply.body).toMatch(
      /<p class="content-preview" role="note">Preview — About · Page text, version 1\. Not published/,
    );
    // The draft is not published by previewing it.
    expect((await app.stores.content.published()).bodies.size).toBe(0);
    expect(
      (await app.inject({ url: "/admin/api/content/preview-page?key=about-home&path=/&version=1", headers: editor }))
        .statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ url: "/admin/api/content/preview-page?key=about-home&path=/about&version=1" })).statusCode,
    ).toBe(401);
  });
});
