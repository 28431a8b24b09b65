// The console's API against the real app (buildApp with app.inject), a real SQLite file, and
// for the failed-sign-in limit two app instances on a real PostgreSQL and Redis.
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureBuild, testApp } from "../../tests/support/app.ts";
import { consoleOrigin as origin, personalDataApis, sameSite as same } from "../../tests/support/console-session.ts";
import { testPostgres, testRedis, type Service } from "../../tests/support/services.ts";
import { buildApp } from "../app.ts";
import { loadServerConfig } from "../config.ts";
import { consoleSettings } from "./settings.ts";
import { hashPassword, passwordChecks, type PasswordCheckEvent } from "./passwords.ts";
import { signInError } from "./routes.ts";
import { totpAt } from "./totp.ts";

const password = "plum-kettle-orbit-47";

type App = Awaited<ReturnType<typeof testApp>>["app"];

async function signIn(app: App, email: string, extra: Record<string, string> = {}, body: Record<string, string> = {}) {
  const response = await app.inject({
    method: "POST",
    url: "/admin/api/session",
    headers: { ...same, ...extra },
    payload: { email, password, ...body },
  });
  const cookie = /^console_session=([^;]*)/.exec(String(response.headers["set-cookie"] ?? ""))?.[1];
  return { response, cookie };
}
const withCookie = (cookie: string) => ({ cookie: `console_session=${cookie}` });

/** An owner account that signs in with an authenticator (TOTP) code as well. */
async function addTotpOwner(app: App, email: string, totpSecret: string) {
  await app.stores.console.addAccount({ email, role: "owner", passwordHash: await hashPassword(password) }, new Date());
  await app.stores.console.updateAccount(email, { totpSecret }, new Date());
}

/** The password checks (scrypt) that really run while `during` does, and the most at once. */
async function passwordChecksDuring<T>(during: () => Promise<T>) {
  const seen = { checks: 0, running: 0, most: 0 };
  const listen = (message: unknown) => {
    if ((message as PasswordCheckEvent).phase === "start") {
      seen.checks += 1;
      seen.most = Math.max(seen.most, ++seen.running);
    } else seen.running -= 1;
  };
  subscribe(passwordChecks.name, listen);
  try {
    return { result: await during(), ...seen };
  } finally {
    unsubscribe(passwordChecks.name, listen);
  }
}

/** 200 sign-ins at once for one account, wrong passwords but the right one as #151. */
const parallelGuesses = (attempt: (i: number, body: Record<string, string>) => Promise<{ statusCode: number }>) =>
  Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      attempt(i, { email: "owner@example.com", password: i === 150 ? password : `wrong-password-${i}` }),
    ),
  );

type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * Every route the app registered, read from Fastify's route tree (`printRoutes`): each line is a path
 * segment under its parent's, indented four columns a level, with its methods. HEAD is left out.
 */
function registeredRoutes(app: { printRoutes(options: { commonPrefix: false }): string }): [Method, string][] {
  const parents: string[] = [];
  return app
    .printRoutes({ commonPrefix: false })
    .split("\n")
    .flatMap((line) => {
      const match = /^((?:│ {3}| {4})*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
      if (!match) return [];
      const depth = match[1].length / 4;
      parents.length = depth;
      const path = (parents[depth - 1] ?? "") + match[2];
      parents[depth] = path;
      return match[3]
        .split(", ")
        .filter((method): method is Method => ["GET", "POST", "PUT", "DELETE"].includes(method))
        .map((method): [Method, string] => [method, path.replaceAll(":id", "1")]);
    });
}

// Every API but sign-in and the session check (GET and POST /admin/api/session, tested on their own), as
// the app registers them, so a new one is checked without being listed here; and one it does not know.
const apisOf = (app: Parameters<typeof registeredRoutes>[0]) => [
  ...registeredRoutes(app).filter(
    ([method, url]) =>
      url.startsWith("/admin/api/") && !(url === "/admin/api/session" && (method === "GET" || method === "POST")),
  ),
  ["GET", "/admin/api/anything-else"] as [Method, string],
];

describe("console API (SQLite)", () => {
  let app: App;
  let db: Awaited<ReturnType<typeof testApp>>["db"];
  beforeAll(async () => {
    ({ app, db } = await testApp({
      BUILD_DIR: fixtureBuild({
        "admin/index.html": "<!DOCTYPE html><title>Console</title>",
        "admin/leads/index.html": "<!DOCTYPE html><title>Leads</title>",
        // Usage names pages by the title the site shows, entities read back and the brand left off.
        "features/index.html": "<!DOCTYPE html><title>Time &amp; Expense | Tallyway</title>",
      }),
    }));
    const stores = app.stores.console;
    await stores.addAccount(
      { email: "owner@example.com", role: "owner", passwordHash: await hashPassword(password) },
      new Date(),
    );
    await stores.addAccount(
      { email: "viewer@example.com", role: "viewer", passwordHash: await hashPassword(password) },
      new Date(),
    );
  });
  afterAll(async () => {
    await app.close();
    db.close();
  });

  it("answers every console API 401 without a session, never stored, never indexed", async () => {
    const apis = apisOf(app);
    // The tree was read: every API the personal-data checks name, the content and campaign ones too.
    expect(apis).toEqual(expect.arrayContaining([...personalDataApis, ["POST", "/admin/api/content/publish"]]));
    expect(apis).toEqual(
      expect.arrayContaining([
        ["POST", "/admin/api/campaigns/1/send"],
        ["GET", "/admin/api/uploads"],
      ]),
    );
    expect(apis.length).toBeGreaterThan(40);
    for (const [method, url] of apis) {
      const response = await app.inject({ method, url, headers: same, payload: method === "GET" ? undefined : {} });
      expect([method, url, response.statusCode]).toEqual([method, url, 401]);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(response.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
    }
  });

  it("answers a change without a session 401 before reading its body: never 400 or 415 for what it sent", async () => {
    const bodies = [
      { "content-type": "application/json", payload: "{not json" },
      { "content-type": "text/plain", payload: "hello" },
      { "content-type": "application/x-www-form-urlencoded", payload: "a=b" },
      { "content-type": "application/json", payload: JSON.stringify({ x: "y".repeat(2_000_000) }) },
    ];
    const changes = apisOf(app).filter(([method]) => method !== "GET");
    for (const [method, url] of changes)
      for (const { payload, ...headers } of bodies) {
        const response = await app.inject({ method, url, headers: { ...same, ...headers }, payload });
        expect([method, url, headers["content-type"], response.statusCode]).toEqual([
          method,
          url,
          headers["content-type"],
          401,
        ]);
      }
  });

  it("answers the session check 200 without a session, saying only that, never stored, never indexed", async () => {
    for (const headers of [{}, withCookie("not-a-session-id"), withCookie("")]) {
      const response = await app.inject({ url: "/admin/api/session", headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('{"signedIn":false}');
      expect(response.headers["set-cookie"]).toBeUndefined();
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(response.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
    }
  });

  it("serves the console's pages (data-free shells) never stored and never indexed, with the page policy", async () => {
    for (const url of ["/admin", "/admin/", "/admin/leads", "/admin/usage?days=7"]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe("<!DOCTYPE html><title>Console</title>");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(response.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    }
  });

  it("gives the console's pages a policy of their own: its scripts, its API, no frame or other host", async () => {
    const policy = String((await app.inject({ url: "/admin/leads" })).headers["content-security-policy"]);
    const home = String((await app.inject({ url: "/" })).headers["content-security-policy"]);
    // The public pages embed the video, the scheduler and the slides; the console uses none of them.
    for (const host of ["youtube", "schedule.tallyway.example", "slides.tallyway.example"]) {
      expect(home).toContain(host);
      expect(policy).not.toContain(host);
    }
    expect(policy.split("; ")).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        expect.stringMatching(/^script-src 'self'( 'sha256-[\w+/=]+')*$/),
        "connect-src 'self'",
        "img-src 'self' data:",
        "frame-src 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ]),
    );
    expect(policy).not.toMatch(/https?:/);
  });

  it("signs in with one generic error for an unknown address and a wrong password, a new session id each time", async () => {
    const unknown = await signIn(app, "nobody@example.com");
    const wrong = await app.inject({
      method: "POST",
      url: "/admin/api/session",
      headers: same,
      payload: { email: "owner@example.com", password: "wrong-password-1" },
    });
    expect([unknown.response.statusCode, wrong.statusCode]).toEqual([401, 401]);
    expect(unknown.response.json()).toEqual({ error: signInError });
    expect(wrong.json()).toEqual({ error: signInError });

    const first = await signIn(app, "owner@example.com");
    expect(first.response.statusCode).toBe(200);
    expect(first.response.headers["set-cookie"]).toMatch(
      /^console_session=[\w-]{43}; Path=\/admin; HttpOnly; SameSite=Strict; Max-Age=604800; Secure$/,
    );
    // Signing in again (even with the old cookie) gives a new id, and the old one no longer works.
    const second = await signIn(app, "OWNER@example.com", withCookie(first.cookie!));
    expect(second.cookie).toBeDefined();
    expect(second.cookie).not.toBe(first.cookie);
    expect((await app.inject({ url: "/admin/api/session", headers: withCookie(first.cookie!) })).json()).toEqual({
      signedIn: false,
    });
    expect((await app.inject({ url: "/admin/api/leads", headers: withCookie(first.cookie!) })).statusCode).toBe(401);
    expect((await app.inject({ url: "/admin/api/session", headers: withCookie(second.cookie!) })).json()).toEqual({
      signedIn: true,
      account: { email: "owner@example.com", name: null, role: "owner" },
    });
  });

  it("lets each signed-in person set their own name, one line, and take it away; audited", async () => {
    const { cookie } = await signIn(app, "viewer@example.com");
    const headers = { ...withCookie(cookie!), ...same };
    const put = (payload: unknown) =>
      app.inject({ method: "PUT", url: "/admin/api/session/name", headers, payload: payload as object });
    const named = await put({ name: "  Vera Viewer-Öz " });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual({
      signedIn: true,
      account: { email: "viewer@example.com", name: "Vera Viewer-Öz", role: "viewer" },
    });
    expect((await app.inject({ url: "/admin/api/session", headers })).json().account.name).toBe("Vera Viewer-Öz");
    for (const [payload, error] of [
      [{ name: "x".repeat(101) }, "A name is at most 100 characters."],
      [{ name: "Vera\nViewer" }, "A name is one line of text."],
      [{ name: 7 }, "Send the name as text."],
    ] as const) {
      const refused = await put(payload);
      expect([refused.statusCode, refused.json().error]).toEqual([400, error]);
    }
    expect((await app.stores.console.account("viewer@example.com"))?.name).toBe("Vera Viewer-Öz");
    expect((await put({ name: " " })).json().account.name).toBeNull();
    const owner = await signIn(app, "owner@example.com");
    const entries = (
      await app.inject({ url: "/admin/api/audit?kind=accounts", headers: withCookie(owner.cookie!) })
    ).json().entries as { account: string; action: string; detail: string }[];
    expect(entries.filter((entry) => entry.action === "name-changed").map((entry) => entry.detail)).toEqual([
      "removed",
      '"Vera Viewer-Öz"',
    ]);
    await app.inject({ method: "DELETE", url: "/admin/api/session", headers });
  });

  it("refuses a state-changing request from another site, even with a valid session", async () => {
    const { cookie } = await signIn(app, "owner@example.com");
    const markContacted = (headers: Record<string, string | undefined>) =>
      app.inject({
        method: "POST",
        url: "/admin/api/leads/1",
        headers: { ...withCookie(cookie!), ...headers },
        payload: { status: "contacted" },
      });
    const signInOwner = (headers: Record<string, string>) =>
      app.inject({
        method: "POST",
        url: "/admin/api/session",
        headers,
        payload: { email: "owner@example.com", password },
      });
    const lead = await app.inject({
      url: "/contactUs?domain=x&type=Lead&name=A&email=a%40example.com&subject=Hi&details=Hello",
      headers: { origin },
    });
    expect(lead.statusCode).toBe(200);
    for (const headers of [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", origin },
      {},
    ]) {
      expect((await markContacted(headers)).statusCode).toBe(403);
    }
    const signInFromElsewhere = await signInOwner({ origin: "https://evil.example" });
    expect(signInFromElsewhere.statusCode).toBe(403);
    // A host the request names itself proves nothing (DNS rebinding): only SITE_URL's origin counts.
    for (const host of ["evil.example", "evil.example:443"]) {
      const rebound = await markContacted({ host, origin: `http://${host}`, "sec-fetch-site": "same-origin" });
      expect([host, rebound.statusCode]).toEqual([host, 403]);
    }
    // The server run locally (tests, npm run serve) keeps its own loopback origin.
    const local = await signInOwner({
      host: "127.0.0.1:3000",
      origin: "http://127.0.0.1:3000",
      "sec-fetch-site": "same-origin",
    });
    expect(local.statusCode).toBe(200);
    const ok = await markContacted(same);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().lead.status).toBe("contacted");
  });

  it("ends a session idle past its limit (8 h) and one past its lifetime (7 days)", async () => {
    const idle = (await signIn(app, "owner@example.com")).cookie!;
    const old = (await signIn(app, "owner@example.com")).cookie!;
    const hours = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const { createHash } = await import("node:crypto");
    const hashOf = (id: string) => createHash("sha256").update(id).digest("base64url");
    db.prepare("UPDATE console_sessions SET seen_at = ? WHERE id_hash = ?").run(hours(8.1), hashOf(idle));
    db.prepare("UPDATE console_sessions SET created_at = ? WHERE id_hash = ?").run(hours(7 * 24 + 0.1), hashOf(old));
    expect((await app.inject({ url: "/admin/api/leads", headers: withCookie(idle) })).statusCode).toBe(401);
    expect((await app.inject({ url: "/admin/api/leads", headers: withCookie(old) })).statusCode).toBe(401);
  });

  it("signs out, and signs out everywhere", async () => {
    const a = (await signIn(app, "viewer@example.com")).cookie!;
    const b = (await signIn(app, "viewer@example.com")).cookie!;
    const c = (await signIn(app, "viewer@example.com")).cookie!;
    const out = await app.inject({
      method: "DELETE",
      url: "/admin/api/session",
      headers: { ...withCookie(a), ...same },
    });
    expect(out.headers["set-cookie"]).toMatch(/^console_session=; Path=\/admin; .*Max-Age=0/);
    expect((await app.inject({ url: "/admin/api/usage", headers: withCookie(a) })).statusCode).toBe(401);
    expect((await app.inject({ url: "/admin/api/usage", headers: withCookie(b) })).statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/admin/api/session/everywhere",
          headers: { ...withCookie(b), ...same },
        })
      ).json(),
    ).toEqual({
      ok: true,
      ended: 2,
    });
    expect((await app.inject({ url: "/admin/api/usage", headers: withCookie(c) })).statusCode).toBe(401);
  });

  it("gives a viewer the usage figures and nothing personal: no address, name or lead text in any answer", async () => {
    await app.inject({
      url: "/contactUs?domain=x&type=Lead&name=Zed%20Quill&email=zed.quill%40example.com&subject=Secret%20plan&details=Private%20words",
      headers: { origin },
    });
    const { cookie, response } = await signIn(app, "viewer@example.com");
    expect(response.json()).toEqual({
      signedIn: true,
      account: { email: "viewer@example.com", name: null, role: "viewer" },
    });
    const answers: string[] = [];
    let usageAnswer = "";
    for (const [method, url] of apisOf(app)) {
      if (url === "/admin/api/session" && method === "DELETE") continue;
      if (url.endsWith("/everywhere") || url.endsWith("/session/name")) continue;
      const reply = await app.inject({
        method,
        url,
        headers: { ...withCookie(cookie!), ...same },
        payload: method === "GET" ? undefined : { email: "zed.quill@example.com", confirm: "zed.quill@example.com" },
      });
      if (url === "/admin/api/usage") {
        expect(reply.statusCode).toBe(200);
        usageAnswer = reply.body;
      } else if (url !== "/admin/api/session" && url !== "/admin/api/anything-else")
        expect([url, reply.statusCode]).toEqual([url, 403]);
      answers.push(reply.body);
    }
    const all = answers.join("\n");
    for (const secret of ["zed.quill", "Zed Quill", "Secret plan", "Private words", "owner@example.com"])
      expect(all).not.toContain(secret);
    expect(JSON.parse(usageAnswer).report.signups).toBeDefined();
    // The lead is still there for an owner.
    const owner = (await signIn(app, "owner@example.com")).cookie!;
    expect(
      (await app.inject({ url: "/admin/api/leads?q=quill", headers: withCookie(owner) })).json().leads[0].email,
    ).toBe("zed.quill@example.com");
  });

  it("erases a person and keeps only a keyed hash of the address in the audit log", async () => {
    const email = "dana.rae@example.com";
    expect((await app.inject({ url: `/contactUs?email=${email}&details=Q` })).statusCode).toBe(200);
    const { cookie } = await signIn(app, "owner@example.com");
    const headers = { ...same, ...withCookie(cookie!) };
    const post = (url: string, payload: Record<string, string>) =>
      app.inject({ method: "POST", url, headers, payload });
    expect((await post("/admin/api/data-requests", { email })).json().leads).toHaveLength(1);
    expect((await post("/admin/api/data-requests/export", { email })).statusCode).toBe(200);
    const erase = await post("/admin/api/data-requests/erase", { email, confirm: email });
    expect(erase.statusCode).toBe(200);
    expect(erase.json().erased).toMatchObject({ leads: 1, mails: 1, scrubbed: true });
    const entries = (await app.inject({ url: "/admin/api/audit", headers })).json().entries as {
      action: string;
      detail: string;
    }[];
    const about = entries.filter((entry) => ["data-request", "export", "erase"].includes(entry.action));
    expect(about).toHaveLength(3);
    expect(JSON.stringify(entries)).not.toContain("dana");
    // The same address gives the same hash, so the entries of one request can be found together.
    const hashes = about.map((entry) => /hmac:[\w-]{22}/.exec(entry.detail)?.[0]);
    expect(new Set(hashes).size).toBe(1);
    expect(hashes[0]).toBe(erase.json().auditRef);
  });

  it("moves a lead through the pipeline: status, owner and notes in its history and the audit log, refused when wrong (issue 31)", async () => {
    const email = "lee.pipe@example.com";
    await app.inject({
      url: `/contactUs?name=Lee%20Pipe&email=${email}&subject=Pipe&details=Need%20%2040%20seats%0Asoon`,
    });
    const { cookie } = await signIn(app, "owner@example.com");
    const headers = { ...same, ...withCookie(cookie!) };
    const listed = (await app.inject({ url: "/admin/api/leads?q=lee.pipe", headers })).json();
    expect(listed.leads[0]).toMatchObject({ status: "new", owner: null, preview: "Need 40 seats soon", source: null });
    const id = listed.leads[0].id as number;
    const change = (payload: Record<string, unknown>) =>
      app.inject({ method: "POST", url: `/admin/api/leads/${id}`, headers, payload });

    for (const [payload, error] of [
      [{ status: "handled" }, "Choose one of the lead statuses."],
      [{ owner: "viewer@example.com" }, "The owner must be an owner account of the console."],
      [{ note: "   " }, "Write the note first."],
      [{ note: "x".repeat(4001) }, "A note holds at most 4000 characters."],
    ] as const) {
      const refused = await change(payload);
      expect([payload, refused.statusCode, refused.json().error]).toEqual([payload, 400, error]);
    }
    const changed = await change({ status: "qualified", owner: "OWNER@example.com", note: "Called: demo on Friday." });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().lead).toMatchObject({ status: "qualified", owner: "owner@example.com" });
    expect(changed.json().history.map((e: { kind: string; value: string }) => [e.kind, e.value])).toEqual([
      ["status", "qualified"],
      ["owner", "owner@example.com"],
      ["note", "Called: demo on Friday."],
    ]);
    const detail = (await app.inject({ url: `/admin/api/leads/${id}`, headers })).json();
    expect(detail.history).toHaveLength(3);
    expect(detail.owners).toEqual(["owner@example.com"]);
    expect(
      (await app.inject({ url: "/admin/api/leads?status=qualified", headers }))
        .json()
        .leads.map((l: { id: number }) => l.id),
    ).toEqual([id]);
    expect(
      (await app.inject({ method: "POST", url: "/admin/api/leads/999999", headers, payload: { status: "won" } }))
        .statusCode,
    ).toBe(404);

    const entries = (await app.inject({ url: "/admin/api/audit", headers })).json().entries as {
      action: string;
      detail: string;
    }[];
    expect(
      entries.filter((e) => e.action === "lead-changed" && e.detail.startsWith(`lead ${id}:`)).map((e) => e.detail),
    ).toEqual([`lead ${id}: note added`, `lead ${id}: owner owner@example.com`, `lead ${id}: status New → Qualified`]);
    // The audit log keeps what changed, never the note's words.
    expect(JSON.stringify(entries)).not.toContain("demo on Friday");
  });

  it("resends a pending subscriber's confirmation once within the mail limits, and unsubscribes one by hand, both audited (issue 31)", async () => {
    const email = "sam.sub@example.com";
    const signUp = await app.inject({
      url: `/mailingList?${new URLSearchParams({ list: "tallyway.example", what: "subscribe", email, first_name: "Sam" })}`,
    });
    expect(signUp.statusCode).toBe(200);
    const { cookie } = await signIn(app, "owner@example.com");
    const headers = { ...same, ...withCookie(cookie!) };
    const [row] = (await app.inject({ url: `/admin/api/subscribers?q=${email}`, headers })).json().subscribers;
    expect(row).toMatchObject({ email, status: "pending" });
    const mails = () =>
      (db.prepare("SELECT count(*) AS n FROM outbox WHERE json_extract(mail, '$.to') = ?").get(email) as { n: number })
        .n;
    const before = mails();
    const resend = () => app.inject({ method: "POST", url: `/admin/api/subscribers/${row.id}/resend`, headers });

    // Mailed at the sign-up: the sign-up's own limit (one confirmation a day per inbox) holds for a resend too.
    const early = await resend();
    expect([early.statusCode, early.json().error]).toEqual([409, expect.stringContaining("less than 24 hours ago")]);
    db.prepare("UPDATE subscribers SET confirm_sent_at = ? WHERE id = ?").run(
      new Date(Date.now() - 25 * 3_600_000).toISOString(),
      row.id,
    );
    const sent = await resend();
    expect([sent.statusCode, sent.json().message]).toEqual([200, `Confirmation sent again to ${email}.`]);
    expect(mails()).toBe(before + 1);
    expect((await resend()).statusCode).toBe(409);
    expect(mails()).toBe(before + 1);

    const unsubscribed = await app.inject({
      method: "POST",
      url: `/admin/api/subscribers/${row.id}/unsubscribe`,
      headers,
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect((await app.inject({ url: `/admin/api/subscribers?q=${email}`, headers })).json().subscribers[0].status).toBe(
      "unsubscribed",
    );
    expect((await resend()).statusCode).toBe(409);
    expect(
      (await app.inject({ method: "POST", url: "/admin/api/subscribers/999999/unsubscribe", headers })).statusCode,
    ).toBe(404);
    const entries = (await app.inject({ url: "/admin/api/audit", headers })).json().entries as {
      action: string;
      detail: string;
    }[];
    expect(entries.filter((e) => e.detail.startsWith(`subscriber ${row.id}`)).map((e) => e.action)).toEqual([
      "subscriber-unsubscribed",
      "subscriber-resend",
    ]);
    expect(JSON.stringify(entries)).not.toContain("sam.sub");
  });

  it("bounds a chosen range at both ends, labels its UTC days exactly, refuses a future end, and compares with as many days before (issue 31)", async () => {
    const { cookie } = await signIn(app, "viewer@example.com");
    const usage = (query: string) => app.inject({ url: `/admin/api/usage?${query}`, headers: withCookie(cookie!) });
    const today = new Date().toISOString().slice(0, 10);
    const day = (offset: number) => new Date(Date.parse(today) + offset * 86_400_000).toISOString().slice(0, 10);
    const uid = "0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a";
    const at = (second: number) => `${today}T00:00:0${second}.000Z`;
    await app.stores.measurement.addEvents([
      {
        receivedAt: at(1),
        type: "pageview",
        uid,
        page: "features",
        source: { utm_source: "newsletter", utm_campaign: "autumn" },
      },
      { receivedAt: at(2), type: "pageview", uid, page: "contact" },
      { receivedAt: at(3), type: "event", uid, page: "contact", category: "goal", action: "contact-sent" },
    ]);
    // The days before today had no traffic: nothing of today's may show in them.
    const quiet = await usage(`from=${day(-23)}&to=${day(-1)}`);
    expect(quiet.statusCode).toBe(200);
    const { report, previous } = quiet.json();
    expect([report.from, report.to, report.days, report.daily.length]).toEqual([day(-23), day(-1), 23, 23]);
    expect(report.totals).toEqual({ pageViews: 0, visitors: 0, rumBeacons: 0 });
    expect([report.acquisition.visits, report.acquisition.sources, report.acquisition.campaigns]).toEqual([0, [], []]);
    expect(report.acquisition.goals.map((g: { visits: number }) => g.visits)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(report.acquisition.funnel.steps.map((s: { visits: number }) => s.visits)).toEqual([0, 0, 0, 0]);
    expect([previous.from, previous.to]).toEqual([day(-46), day(-24)]);
    const { report: now, pagePaths, pageTitles } = (await usage(`from=${today}&to=${today}`)).json();
    // Pages by path and title: "contact" has no page in this build, so it has a path and no title.
    expect([pagePaths.features, pageTitles]).toEqual(["/features", { features: "Time & Expense" }]);
    expect(now.acquisition.campaigns.find((c: { campaign: string }) => c.campaign === "autumn")).toMatchObject({
      visits: 1,
      visitors: 1,
    });
    expect(now.acquisition.funnel.steps.at(-1).visits).toBeGreaterThanOrEqual(1);
    const future = await usage(`from=${day(-1)}&to=${day(1)}`);
    expect([future.statusCode, future.json().error]).toEqual([
      400,
      expect.stringMatching(`^The range ends on ${day(1)}, after today \\(${today}, UTC\\)`),
    ]);
    expect((await usage(`from=${day(0)}&to=${day(-1)}`)).statusCode).toBe(400);
    expect((await usage("from=2026-02-30&to=2026-03-01")).statusCode).toBe(400);
    expect((await usage("days=801")).statusCode).toBe(400);
    const week = (await usage("days=7")).json();
    expect([week.report.from, week.report.to, week.previous.from, week.previous.to]).toEqual([
      day(-6),
      today,
      day(-13),
      day(-7),
    ]);
  });

  it("asks for the authenticator code of an account with TOTP and signs in with it", async () => {
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await addTotpOwner(app, "totp@example.com", secret);
    const noCode = await signIn(app, "totp@example.com");
    expect([noCode.response.statusCode, noCode.response.json().needCode, noCode.cookie]).toEqual([
      401,
      true,
      undefined,
    ]);
    const wrong = await signIn(
      app,
      "totp@example.com",
      {},
      { code: "000000" === totpAt(secret, new Date()) ? "111111" : "000000" },
    );
    expect(wrong.response.statusCode).toBe(401);
    const right = await signIn(app, "totp@example.com", {}, { code: totpAt(secret, new Date()) });
    expect(right.response.statusCode).toBe(200);
  });

  it("takes each authenticator code once: the same code again, from anywhere, is a wrong code", async () => {
    const secret = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
    await addTotpOwner(app, "once@example.com", secret);
    const code = totpAt(secret, new Date());
    const first = await signIn(app, "once@example.com", { ...same }, { code });
    expect(first.response.statusCode).toBe(200);
    await app.inject({
      method: "DELETE",
      url: "/admin/api/session",
      headers: { ...withCookie(first.cookie!), ...same },
    });
    const again = await app.inject({
      method: "POST",
      url: "/admin/api/session",
      headers: same,
      remoteAddress: "198.51.100.99",
      payload: { email: "once@example.com", password, code },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: expect.stringMatching(/code is not right/), needCode: true });
    expect(again.headers["set-cookie"]).toBeUndefined();
  });
});

describe("sign-ins at once behind a trusted proxy (SQLite, counts in the process)", () => {
  let app: App;
  let db: Awaited<ReturnType<typeof testApp>>["db"];
  let atOnce: number;
  beforeAll(async () => {
    let config;
    ({ app, db, config } = await testApp({ TRUST_PROXY: "loopback" }));
    atOnce = consoleSettings(config).passwordChecksAtOnce;
    await app.stores.console.addAccount(
      { email: "owner@example.com", role: "owner", passwordHash: await hashPassword(password) },
      new Date(),
    );
  });
  afterAll(async () => {
    await app.close();
    db.close();
  });
  const from = (address: string) => (_i: number, body: Record<string, string>) =>
    app.inject({
      method: "POST",
      url: "/admin/api/session",
      headers: { ...same, "x-forwarded-for": address },
      payload: body,
    });

  it("checks at most 10 passwords of 200 sent at once from one address; the right one as #151 does not get in", async () => {
    const { result, checks } = await passwordChecksDuring(() => parallelGuesses(from("198.51.100.23")));
    expect(checks).toBeLessThanOrEqual(10);
    expect(result[150].statusCode).toBe(429);
    expect(result.filter((r) => r.statusCode === 200)).toHaveLength(0);
    expect(result.filter((r) => r.statusCode === 401).length).toBe(checks);
    // The address the proxy forwarded was refused, not the proxy's: the owner elsewhere gets in (only slowed).
    expect((await signIn(app, "owner@example.com", { "x-forwarded-for": "203.0.113.40" })).response.statusCode).toBe(
      200,
    );
  }, 60_000);

  it("runs at most 2 password checks at once (the ceiling), however many addresses send one", async () => {
    const { result, most, checks } = await passwordChecksDuring(() =>
      Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          from(`198.51.100.${100 + i}`)(i, { email: "someone@example.com", password: "wrong-password-1" }),
        ),
      ),
    );
    expect(result.map((r) => r.statusCode)).toEqual(Array(24).fill(401));
    expect(checks).toBe(24);
    expect(atOnce).toBe(2);
    expect(most).toBeLessThanOrEqual(atOnce);
  }, 60_000);
});

describe("the audit log under a flood of failed sign-ins (SQLite)", () => {
  let app: App;
  let dataDir: string;
  const env = () => ({ BUILD_DIR: fixtureBuild(), DATA_DIR: dataDir, CONSOLE_AUDIT_DAYS: "30" });
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "console-audit-"));
    app = await buildApp({ config: loadServerConfig(env()), console: { slowAfter: 1000, refuseAfter: 3 } });
    await app.ready();
    await app.stores.console.addAccount(
      { email: "owner@example.com", role: "owner", passwordHash: await hashPassword(password) },
      new Date(),
    );
  });
  afterAll(() => app.close());

  it("counts failures in one row per address, reason and minute, and writes none for a refused attempt", async () => {
    const before = Date.now();
    for (let i = 0; i < 60; i++) {
      const response = await app.inject({
        method: "POST",
        url: "/admin/api/session",
        headers: same,
        remoteAddress: "192.0.2.66",
        payload: { email: "owner@example.com", password: "wrong-password-1" },
      });
      expect(response.statusCode).toBe(i < 3 ? 401 : 429);
    }
    const { cookie } = await signIn(app, "owner@example.com", {}, {});
    const all = (await app.inject({ url: "/admin/api/audit?kind=all", headers: withCookie(cookie!) })).json();
    const failed = all.entries.filter((e: { action: string }) => e.action === "sign-in-failed");
    // One row, or two when the minute turned meanwhile; the 57 refused attempts are in none.
    const minutes = new Date(before).getUTCMinutes() === new Date().getUTCMinutes() ? 1 : 2;
    expect(failed.length).toBeLessThanOrEqual(minutes);
    expect(failed.reduce((sum: number, e: { count: number }) => sum + e.count, 0)).toBe(3);
    expect(failed[0]).toMatchObject({ address: "192.0.2.66", detail: "wrong password", account: "owner@example.com" });
    expect(all.entries[0]).toMatchObject({ action: "sign-in", account: "owner@example.com", count: 1 });
  }, 30_000);

  it("keeps the owner's export on page 1 of the default view through a flood of failed sign-ins, in few rows", async () => {
    const { cookie } = await signIn(app, "owner@example.com");
    const owner = withCookie(cookie!);
    expect((await app.inject({ url: "/admin/api/leads.csv", headers: owner })).statusCode).toBe(200);
    const failedRows = async () =>
      (await app.stores.console.auditLog({ limit: 1_000_000, offset: 0 }, "all")).filter(
        (e) => e.action === "sign-in-failed",
      );
    const rowsBefore = (await failedRows()).length;
    // Thousands of sign-ins from one address, each naming another account of up to 320 characters.
    const flood = async (address: string, count: number) => {
      for (let i = 0; i < count; i += 100)
        await Promise.all(
          Array.from({ length: Math.min(100, count - i) }, (_, j) =>
            app.inject({
              method: "POST",
              url: "/admin/api/session",
              headers: same,
              remoteAddress: address,
              payload: { email: `${i + j}-${"x".repeat(300)}@flood.example`, password: "wrong-password-1" },
            }),
          ),
        );
    };
    await flood("198.51.100.66", 2000);
    // And one failure each from 60 more addresses: more rows than a page holds.
    for (let i = 0; i < 60; i++) await flood(`203.0.113.${i + 1}`, 1);
    // Every refusal beyond the limit wrote nothing: a row per address and minute at most.
    const rowsAfter = await failedRows();
    expect(rowsAfter.length - rowsBefore).toBeLessThanOrEqual(2 + 60);
    const fromFlood = rowsAfter.filter((e) => e.address === "198.51.100.66");
    expect(fromFlood.length).toBeLessThanOrEqual(2);
    expect(fromFlood.reduce((sum, e) => sum + e.count, 0)).toBe(3);

    const page1 = (await app.inject({ url: "/admin/api/audit", headers: owner })).json();
    expect(page1.kind).toBe("team");
    expect(page1.entries.map((e: { action: string }) => e.action)).not.toContain("sign-in-failed");
    expect(page1.entries).toContainEqual(
      expect.objectContaining({ action: "export", account: "owner@example.com", address: "127.0.0.1" }),
    );
    const failures = (await app.inject({ url: "/admin/api/audit?kind=failed-sign-ins", headers: owner })).json();
    expect(failures.entries).toHaveLength(failures.pageSize);
    expect(failures.entries.every((e: { action: string }) => e.action === "sign-in-failed")).toBe(true);
  }, 120_000);

  it("deletes entries older than CONSOLE_AUDIT_DAYS when an instance starts, and every hour after", async () => {
    const day = 86_400_000;
    const entry = (daysAgo: number) => ({
      at: new Date(Date.now() - daysAgo * day).toISOString(),
      account: "old@example.com",
      address: "192.0.2.1",
      action: "export" as const,
      detail: `${daysAgo} days`,
    });
    await app.stores.console.audit(entry(31));
    await app.stores.console.audit(entry(29));
    const second = await buildApp({ config: loadServerConfig(env()) });
    await second.ready();
    try {
      const details = async () =>
        (await second.stores.console.auditLog({ limit: 500, offset: 0 })).map((e) => e.detail);
      // The clean-up runs in the background once the instance is ready.
      for (let i = 0; i < 100 && (await details()).includes("31 days"); i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await details()).not.toContain("31 days");
      expect(await details()).toContain("29 days");
    } finally {
      await second.close();
    }
  });
});

describe("failed sign-ins across two instances on PostgreSQL and Redis", () => {
  let postgres: Awaited<ReturnType<typeof testPostgres>>;
  let redis: Service;
  const apps: App[] = [];
  beforeAll(async () => {
    [postgres, redis] = await Promise.all([testPostgres(), testRedis()]);
    const env = {
      BUILD_DIR: fixtureBuild(),
      DATA_DIR: "/nonexistent",
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
    };
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config: loadServerConfig(env), console: { slowAfter: 2, refuseAfter: 4 } });
      await app.ready();
      apps.push(app);
    }
    await apps[0].stores.console.addAccount(
      { email: "owner@example.com", role: "owner", passwordHash: await hashPassword(password) },
      new Date(),
    );
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await redis?.stop();
    await postgres?.stop();
  }, 60_000);

  it("counts the failures of both instances together, slows, then refuses that address, never the owner elsewhere", async () => {
    const attempt = (i: number, body: Record<string, string>, address = "192.0.2.10") =>
      apps[i % 2].inject({
        method: "POST",
        url: "/admin/api/session",
        headers: same,
        remoteAddress: address,
        payload: body,
      });
    for (let i = 0; i < 4; i++)
      expect((await attempt(i, { email: "owner@example.com", password: "wrong-password-1" })).statusCode).toBe(401);
    for (const i of [0, 1]) {
      const refused = await attempt(i, { email: "owner@example.com", password });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["set-cookie"]).toBeUndefined();
    }
    // Per address: that address is refused for another account as well.
    expect((await attempt(1, { email: "someone@example.com", password }, "192.0.2.10")).statusCode).toBe(429);
    // Per account only slowed: the owner at an address that did not fail signs in (a stranger cannot lock them out).
    const started = Date.now();
    const owner = await attempt(0, { email: "owner@example.com", password }, "198.51.100.7");
    expect(owner.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  }, 30_000);

  it("checks at most 4 (the limit here) of 200 passwords sent at once to both instances from one address", async () => {
    const { result, checks } = await passwordChecksDuring(() =>
      parallelGuesses((i, body) =>
        apps[i % 2].inject({
          method: "POST",
          url: "/admin/api/session",
          headers: same,
          remoteAddress: "192.0.2.77",
          payload: body,
        }),
      ),
    );
    expect(checks).toBeLessThanOrEqual(4);
    expect(result[150].statusCode).toBe(429);
    expect(result.filter((r) => r.statusCode === 200)).toHaveLength(0);
  }, 60_000);

  it("shares sessions between instances", async () => {
    const signInFresh = () =>
      apps[0].inject({
        method: "POST",
        url: "/admin/api/session",
        headers: same,
        remoteAddress: "203.0.113.5",
        payload: { email: "fresh@example.com", password },
      });
    const response = await signInFresh();
    expect(response.statusCode).toBe(401);
    await apps[1].stores.console.addAccount(
      { email: "fresh@example.com", role: "viewer", passwordHash: await hashPassword(password) },
      new Date(),
    );
    const signedIn = await signInFresh();
    const cookie = /^console_session=([^;]*)/.exec(String(signedIn.headers["set-cookie"]))![1];
    expect(
      (await apps[1].inject({ url: "/admin/api/session", headers: withCookie(cookie) })).json().account.email,
    ).toBe("fresh@example.com");
  });
});
