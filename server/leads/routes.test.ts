// The lead endpoints through app.inject(): wire format, validation, duplicates, XSRF, CORS, rate limit.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "#common/validation.ts";
import { testApp, waitFor } from "../../tests/support/app.ts";
import {
  contactFields as contact,
  encoded as query,
  subscribeFields as subscribe,
} from "../../tests/support/lead-forms.ts";
import type { SqliteDatabase } from "../db/database.ts";
import { contactSuccess } from "./contact.ts";
import { rateLimitError, xsrfError } from "./guards.ts";
import { subscribeSuccess, unknownList } from "./mailing-list.ts";

let app: FastifyInstance;
let db: SqliteDatabase;
let dataDir: string;
beforeAll(async () => {
  // Behind a trusted proxy on loopback (inject's address), so X-Forwarded-Proto says https.
  ({ app, db, dataDir } = await testApp({ ALLOWED_ORIGINS: "https://partner.example", TRUST_PROXY: "127.0.0.1" }));
});
afterAll(() => app.close());

const leads = () => db.prepare("SELECT * FROM leads ORDER BY id").all() as Record<string, string>[];
const mails = () =>
  db.prepare("SELECT * FROM outbox ORDER BY id").all() as { id: number; mail: string; delivered_at: string | null }[];
const subscribers = () => db.prepare("SELECT * FROM subscribers ORDER BY id").all() as Record<string, string>[];
const xsrfOf = (setCookie: string | string[] | undefined) => /XSRF-TOKEN=([^;]+)/.exec(String(setCookie))?.[1];

describe("GET /contactUs", () => {
  it("stores the lead, queues the notification to sales and answers {message}", async () => {
    const before = leads().length;
    const response = await app.inject({ url: `/contactUs?${query({ ...contact, details: "Price <b>&</b> terms?" })}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: contactSuccess });
    const lead = leads().at(-1)!;
    expect(leads()).toHaveLength(before + 1);
    expect(lead).toMatchObject({ ...contact, details: "Price <b>&</b> terms?" });
    const mail = JSON.parse(mails().at(-1)!.mail);
    expect(mail).toMatchObject({
      to: "sales@tallyway.example",
      replyTo: '"Ann Lee" <ann@example.com>',
      subject: `Lead ${lead.id}: Pricing`,
    });
    expect(mail.html).toContain("Price &lt;b&gt;&amp;&lt;/b&gt; terms?");
    // With no SMTP_URL the worker writes it as an .eml file.
    const eml = await waitFor(() => {
      const files = readdirSync(path.join(dataDir, "mail")).filter((f) =>
        f.startsWith(`outbox-${mails().at(-1)!.id}.`),
      );
      return files.length === 1 && readFileSync(path.join(dataDir, "mail", files[0]), "utf8");
    });
    expect(eml).toMatch(/^Reply-To: Ann Lee <ann@example.com>$/m);
    expect(eml).toMatch(/^To: sales@tallyway.example$/m);
  });

  it("fills in the defaults of requirements §9: type Lead, the contact subject and the company site", async () => {
    const response = await app.inject({ url: `/contactUs?${query({ email: "cy@example.com", details: "Hello" })}` });
    expect(response.statusCode).toBe(200);
    expect(leads().at(-1)).toMatchObject({
      type: "Lead",
      subject: "Tallyway website enquiry",
      domain: "www.tallyway.example",
      name: "",
    });
  });

  it("sets the XSRF-TOKEN cookie: SameSite=Lax, readable by the page, Secure whenever the site is https", async () => {
    // SITE_URL is https here: Secure even when the proxy in front does not say https.
    const plain = await app.inject({ url: `/contactUs?${query(contact)}` });
    const cookie = String(plain.headers["set-cookie"]);
    expect(cookie).toMatch(/XSRF-TOKEN=[\w-]{32}; Max-Age=31536000; Path=\/; Secure; SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/);
    const again = await app.inject({ url: `/contactUs?${query(contact)}`, cookies: { "XSRF-TOKEN": xsrfOf(cookie)! } });
    expect(again.headers["set-cookie"]).toBeUndefined();
    // An http site (local development) gets it without Secure, unless the request came over https.
    const local = await testApp({ SITE_URL: "http://localhost:3000", TRUST_PROXY: "127.0.0.1" });
    try {
      const overHttp = await local.app.inject({ url: `/contactUs?${query(contact)}` });
      expect(String(overHttp.headers["set-cookie"])).not.toMatch(/Secure/);
      const overHttps = await local.app.inject({
        url: `/contactUs?${query(contact)}`,
        headers: { "x-forwarded-proto": "https" },
      });
      expect(String(overHttps.headers["set-cookie"])).toMatch(/; Secure/);
    } finally {
      await local.app.close();
    }
  });

  it("answers with Cache-Control: no-store, also when it sets the cookie and on errors", async () => {
    for (const url of [
      `/contactUs?${query(contact)}`,
      "/contactUs",
      `/mailingList?${query(subscribe)}`,
      "/healthz",
      "/nowhere",
    ]) {
      const response = await app.inject({ url });
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
  });

  const failures: [string, Record<string, string | undefined>, string][] = [
    ["a missing email", { email: undefined }, messages.email],
    ["an empty email", { email: "" }, messages.email],
    ["a malformed email", { email: "ann.example.com" }, messages.email],
    ["a too long email", { email: `${"a".repeat(250)}@example.com` }, messages.email],
    ["a missing question", { details: undefined }, messages.question],
    ["a blank question", { details: "   " }, messages.question],
    ["a too long question", { details: "x".repeat(5001) }, "Please keep your question under 5001 characters"],
    ["a too long name", { name: "x".repeat(101) }, "Please keep the name under 101 characters"],
    ["a too long subject", { subject: "x".repeat(201) }, "Please keep the subject under 201 characters"],
    ["a header injection in the name", { name: "Ann\r\nBcc: all@example.com" }, "Please write the name on one line"],
    [
      "a header injection in the subject",
      { subject: "Hi\nBcc: all@example.com" },
      "Please write the subject on one line",
    ],
    ["a header injection in the email", { email: "ann@example.com\nBcc: all@example.com" }, messages.email],
    ["a bad domain", { domain: "evil.example/<x>" }, "Please send a host name as the domain"],
    ["a bad type", { type: "Le\r\nad" }, "Please write the type on one line"],
  ];
  it.each(failures)("answers 400 {error} for %s and stores nothing", async (_what, change, error) => {
    const before = leads().length;
    const fields = Object.fromEntries(
      Object.entries({ ...contact, ...change }).filter(([, value]) => value !== undefined),
    ) as Record<string, string>;
    const response = await app.inject({ url: `/contactUs?${query(fields)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
    expect(leads()).toHaveLength(before);
  });

  it("answers 400 for a repeated field instead of guessing which one counts", async () => {
    const response = await app.inject({ url: `/contactUs?${query(contact)}&email=other@example.com` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: messages.email });
  });

  it("pretends success to a bot that fills the honeypot, and stores nothing", async () => {
    const before = leads().length;
    const response = await app.inject({ url: `/contactUs?${query({ ...contact, website: "http://spam.example" })}` });
    expect(response.json()).toEqual({ message: contactSuccess });
    expect(leads()).toHaveLength(before);
  });

  it("answers HEAD 405 with Allow: GET, POST and stores nothing", async () => {
    const before = leads().length;
    const mailsBefore = mails().length;
    const response = await app.inject({ method: "HEAD", url: `/contactUs?${query(contact)}` });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET, POST");
    expect(leads()).toHaveLength(before);
    expect(mails()).toHaveLength(mailsBefore);
  });

  it("keeps every lead, also the same question twice (a person may ask again)", async () => {
    const before = leads().length;
    await app.inject({ url: `/contactUs?${query(contact)}` });
    await app.inject({ url: `/contactUs?${query(contact)}` });
    expect(leads()).toHaveLength(before + 2);
  });
});

describe("POST /contactUs and /mailingList (double-submit XSRF cookie)", () => {
  it("refuses a POST without the cookie, without the header, or with a different header", async () => {
    const token = "t".repeat(32);
    for (const [cookies, headers] of [
      [{}, { "x-xsrf-token": token }],
      [{ "XSRF-TOKEN": token }, {}],
      [{ "XSRF-TOKEN": token }, { "x-xsrf-token": "u".repeat(32) }],
    ] as const) {
      const response = await app.inject({ method: "POST", url: "/contactUs", payload: contact, cookies, headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: xsrfError });
    }
    const list = await app.inject({ method: "POST", url: "/mailingList", payload: subscribe });
    expect(list.statusCode).toBe(403);
  });

  it("accepts JSON with the cookie repeated in X-XSRF-TOKEN", async () => {
    const first = await app.inject({ url: "/contactUs" });
    const token = xsrfOf(first.headers["set-cookie"])!;
    const before = leads().length;
    const response = await app.inject({
      method: "POST",
      url: "/contactUs",
      payload: contact,
      cookies: { "XSRF-TOKEN": token },
      headers: { "x-xsrf-token": token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: contactSuccess });
    expect(leads()).toHaveLength(before + 1);
  });

  it("accepts a form post with the cookie repeated in the _xsrf field", async () => {
    const token = "f".repeat(32);
    const response = await app.inject({
      method: "POST",
      url: "/mailingList",
      payload: query({ ...subscribe, email: "form@example.com", _xsrf: token }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      cookies: { "XSRF-TOKEN": token },
    });
    expect(response.json()).toEqual({ message: subscribeSuccess });
    expect(subscribers().some((s) => s.email === "form@example.com")).toBe(true);
  });

  it("answers {error} with a 4xx to unreadable bodies", async () => {
    const token = "g".repeat(32);
    const auth = { cookies: { "XSRF-TOKEN": token }, headers: { "x-xsrf-token": token } };
    const badJson = await app.inject({
      method: "POST",
      url: "/contactUs",
      payload: "{",
      ...auth,
      headers: { ...auth.headers, "content-type": "application/json" },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ error: "The request body is not valid JSON" });
    const text = await app.inject({
      method: "POST",
      url: "/contactUs",
      payload: "<a/>",
      ...auth,
      headers: { ...auth.headers, "content-type": "application/xml" },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ error: "Please send a form or JSON" });
    const big = await app.inject({
      method: "POST",
      url: "/contactUs",
      payload: { ...contact, details: "x".repeat(70_000) },
      ...auth,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: "The request is too large" });
    const array = await app.inject({ method: "POST", url: "/contactUs", payload: [contact], ...auth });
    expect(array.statusCode).toBe(400);
    expect(array.json()).toEqual({ error: messages.email });
  });
});

describe("GET /mailingList", () => {
  const confirmationFor = (email: string) =>
    mails()
      .map((row) => JSON.parse(row.mail) as { to: string; text: string; headers: Record<string, string> })
      .filter((mail) => mail.to === email);

  it("adds a pending subscriber and queues a confirmation mail with signed links and List-Unsubscribe headers", async () => {
    const response = await app.inject({ url: `/mailingList?${query(subscribe)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: subscribeSuccess });
    expect(subscribers().find((s) => s.email === subscribe.email)).toMatchObject({
      status: "pending",
      first_name: "Bo",
      last_name: "Ng",
    });
    const [mail] = confirmationFor(subscribe.email);
    expect(mail.text).toMatch(/https:\/\/www\.tallyway\.example\/mailingList\/confirm\?token=\d+\.[\w-]{43}/);
    expect(mail.headers["List-Unsubscribe"]).toMatch(
      /^<https:\/\/www\.tallyway\.example\/mailingList\/unsubscribe\?token=\d+\.[\w-]{43}>$/,
    );
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("does not duplicate a re-subscription, whatever the capitals", async () => {
    const email = "dup@example.com";
    await app.inject({ url: `/mailingList?${query({ ...subscribe, email })}` });
    const again = await app.inject({ url: `/mailingList?${query({ ...subscribe, email: "DUP@Example.com" })}` });
    expect(again.json()).toEqual({ message: subscribeSuccess });
    expect(subscribers().filter((s) => s.email.toLowerCase() === email)).toHaveLength(1);
  });

  const confirmTokenOf = (mail: { text: string }) => /\/mailingList\/confirm\?token=([\w.-]+)/.exec(mail.text)![1];
  const pressConfirm = (token: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: "/mailingList/confirm",
      payload: query({ token }),
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });

  it("confirms in two steps: the link opens a page whose button posts; then unsubscribes with one click; old links cannot undo that", async () => {
    const email = "flow@example.com";
    await app.inject({ url: `/mailingList?${query({ ...subscribe, email })}` });
    const [mail] = confirmationFor(email);
    const confirmPath = /\/mailingList\/confirm\?token=[\w.-]+/.exec(mail.text)![0];
    const unsubscribePath = /\/mailingList\/unsubscribe\?token=[\w.-]+/.exec(mail.headers["List-Unsubscribe"])![0];

    const tampered = await app.inject({ url: confirmPath.replace(/.$/, (c) => (c === "A" ? "B" : "A")) });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain("This link is not valid");
    expect((await app.inject({ url: unsubscribePath.replace("unsubscribe", "confirm") })).statusCode).toBe(400);

    // Opening the link (as a mail scanner does) only shows the button.
    const opened = await app.inject({ url: confirmPath });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(opened.body).toContain('<form method="post" action="/mailingList/confirm">');
    expect(opened.body).toContain(`<input type="hidden" name="token" value="${confirmTokenOf(mail)}">`);
    expect(opened.body).toContain('<button type="submit">Confirm subscription</button>');
    expect((await app.inject({ url: confirmPath })).statusCode).toBe(200);
    expect(subscribers().find((s) => s.email === email)).toMatchObject({ status: "pending" });

    // A post from another site is refused, whatever it carries.
    expect((await pressConfirm(confirmTokenOf(mail), { origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await pressConfirm(confirmTokenOf(mail), { "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    expect(subscribers().find((s) => s.email === email)).toMatchObject({ status: "pending" });

    const confirmed = await pressConfirm(confirmTokenOf(mail), {
      origin: "https://www.tallyway.example",
      "sec-fetch-site": "same-origin",
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain("<h1>You are subscribed</h1>");
    // A next step: the recorded demos, then the prices.
    expect(confirmed.body).toContain(
      '<a class="button" href="https://www.tallyway.example/demo">Watch the recorded demos</a>',
    );
    expect(confirmed.body).toContain('href="https://www.tallyway.example/products#pricing">See the prices</a>');
    expect(subscribers().find((s) => s.email === email)).toMatchObject({ status: "subscribed" });
    // Single use: the same link again confirms nothing and says so.
    expect((await pressConfirm(confirmTokenOf(mail))).statusCode).toBe(400);
    expect((await app.inject({ url: confirmPath })).statusCode).toBe(400);

    // Subscribing again while subscribed sends nothing more.
    const mailsBefore = confirmationFor(email).length;
    await app.inject({ url: `/mailingList?${query({ ...subscribe, email })}` });
    expect(confirmationFor(email)).toHaveLength(mailsBefore);

    const ask = await app.inject({ url: unsubscribePath });
    expect(ask.body).toContain('<form method="post"');
    expect(subscribers().find((s) => s.email === email)).toMatchObject({ status: "subscribed" });
    // A mail client's RFC 8058 one-click POST: no cookie, no XSRF header.
    const done = await app.inject({
      method: "POST",
      url: unsubscribePath,
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("You are unsubscribed");
    expect(subscribers().find((s) => s.email === email)).toMatchObject({ status: "unsubscribed" });
    expect((await pressConfirm(confirmTokenOf(mail))).statusCode).toBe(400);

    // Subscribing again starts over with a new confirmation, still one row; the old link cannot confirm it.
    await app.inject({ url: `/mailingList?${query({ ...subscribe, email })}` });
    expect(subscribers().filter((s) => s.email === email)).toEqual([expect.objectContaining({ status: "pending" })]);
    expect(confirmationFor(email)).toHaveLength(mailsBefore + 1);
    expect((await pressConfirm(confirmTokenOf(mail))).statusCode).toBe(400);
    expect(subscribers().find((s) => s.email === email)).toMatchObject({ status: "pending" });
    const fresh = confirmationFor(email).at(-1)!;
    expect(confirmTokenOf(fresh)).not.toBe(confirmTokenOf(mail));
    expect((await pressConfirm(confirmTokenOf(fresh))).statusCode).toBe(200);
  });

  it("sends one confirmation mail for 100 subscribes to one address, and answers each the same", async () => {
    const email = "victim@example.com";
    const answers = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const response = await app.inject({
        url: `/mailingList?${query({ ...subscribe, email, first_name: `Try ${i}` })}`,
        remoteAddress: `198.51.100.${i % 5}`,
      });
      answers.add(`${response.statusCode} ${response.body}`);
    }
    expect([...answers]).toEqual([`200 ${JSON.stringify({ message: subscribeSuccess })}`]);
    expect(confirmationFor(email)).toHaveLength(1);
  });

  it("puts none of the visitor's words in the mail to the unconfirmed address", async () => {
    const email = "words@example.com";
    const words = { first_name: "Win a prize at https://spam.example", last_name: "Click now" };
    await app.inject({ url: `/mailingList?${query({ ...subscribe, email, ...words })}` });
    const [mail] = mails()
      .map((row) => JSON.parse(row.mail) as { to: string; text: string; html: string; subject: string })
      .filter((m) => m.to === email);
    for (const part of [mail.text, mail.html, mail.subject]) {
      expect(part).not.toContain("prize");
      expect(part).not.toContain("spam.example");
      expect(part).not.toContain("Click now");
    }
    expect(mail.text).toMatch(/^Hello,\n/);
    // The name is kept for later.
    expect(subscribers().find((s) => s.email === email)).toMatchObject({ first_name: words.first_name });
  });

  it("answers HEAD 405 on every newsletter route and runs nothing", async () => {
    const email = "head@example.com";
    const head = await app.inject({ method: "HEAD", url: `/mailingList?${query({ ...subscribe, email })}` });
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe("GET, POST");
    expect(subscribers().some((s) => s.email === email)).toBe(false);
    expect(confirmationFor(email)).toHaveLength(0);

    await app.inject({ url: `/mailingList?${query({ ...subscribe, email })}` });
    const [mail] = confirmationFor(email);
    const confirmPath = /\/mailingList\/confirm\?token=[\w.-]+/.exec(mail.text)![0];
    const unsubscribePath = /\/mailingList\/unsubscribe\?token=[\w.-]+/.exec(mail.headers["List-Unsubscribe"])![0];
    for (const url of [confirmPath, unsubscribePath]) {
      const response = await app.inject({ method: "HEAD", url });
      expect(response.statusCode, url).toBe(405);
      expect(response.headers.allow).toBe("GET, POST");
    }
    expect(subscribers().find((s) => s.email === email)).toMatchObject({ status: "pending" });
  });

  it.each([
    ["a missing email", { email: "" }, messages.email],
    ["a malformed email", { email: "bo@" }, messages.email],
    ["a header injection in the email", { email: "bo@example.com\r\nBcc: x@example.com" }, messages.email],
    ["another action", { what: "unsubscribe" }, "Only what=subscribe is supported"],
    ["no list", { list: "" }, "Please name the mailing list"],
    ["an unknown list", { list: "other.example" }, unknownList],
    ["a too long first name", { first_name: "x".repeat(101) }, "Please keep the first name under 101 characters"],
    ["a too long last name", { last_name: "x".repeat(101) }, "Please keep the last name under 101 characters"],
    ["a line break in a name", { first_name: "Bo\nBcc: x" }, "Please write the first name on one line"],
  ])("answers 400 {error} for %s", async (_what, change, error) => {
    const before = subscribers().length;
    const response = await app.inject({
      url: `/mailingList?${query({ ...subscribe, email: "bad-case@example.com", ...change })}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
    expect(subscribers()).toHaveLength(before);
  });

  it("pretends success to a bot that fills the honeypot", async () => {
    const before = subscribers().length;
    const response = await app.inject({
      url: `/mailingList?${query({ ...subscribe, email: "bot@example.com", website: "x" })}`,
    });
    expect(response.json()).toEqual({ message: subscribeSuccess });
    expect(subscribers()).toHaveLength(before);
  });

  it("sends its pages with their own policy (style by hash, no script, no 'unsafe-inline'), Referrer-Policy and no-store", async () => {
    const response = await app.inject({ url: "/mailingList/confirm?token=x" });
    const css = /<style>([\s\S]*?)<\/style>/.exec(response.body)![1];
    const policy = String(response.headers["content-security-policy"]);
    expect(/style-src ([^;]*)/.exec(policy)![1]).toBe(`'sha256-${createHash("sha256").update(css).digest("base64")}'`);
    expect(policy).toMatch(/^default-src 'none'/);
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("script-src");
    expect(policy).toContain("form-action 'self'");
    expect(response.headers["referrer-policy"]).toBe("same-origin");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["strict-transport-security"]).toMatch(/^max-age=/);
  });

  it("answers an unknown or garbled link with a 400 page, never a 500", async () => {
    for (const token of ["", "abc", "1.x", `999999.${"A".repeat(43)}`, "%00", "1".repeat(300)]) {
      const response = await app.inject({ url: `/mailingList/confirm?token=${token}` });
      expect(response.statusCode, token).toBe(400);
      expect((await app.inject({ url: `/mailingList/unsubscribe?token=${token}` })).statusCode).toBe(400);
    }
    expect((await app.inject({ url: "/mailingList/confirm" })).statusCode).toBe(400);
  });
});

describe("CORS", () => {
  it("allows the site's own origin and ALLOWED_ORIGINS, nobody else", async () => {
    const url = `/contactUs?${query(contact)}`;
    const own = await app.inject({ url, headers: { origin: "https://www.tallyway.example" } });
    expect(own.headers["access-control-allow-origin"]).toBe("https://www.tallyway.example");
    const partner = await app.inject({ url: "/mailingList", headers: { origin: "https://partner.example" } });
    expect(partner.headers["access-control-allow-origin"]).toBe("https://partner.example");
    const stranger = await app.inject({ url, headers: { origin: "https://evil.example" } });
    expect(stranger.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("answers preflights for the allowed origins only", async () => {
    const preflight = (origin: string) =>
      app.inject({
        method: "OPTIONS",
        url: "/contactUs",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "x-xsrf-token" },
      });
    const ok = await preflight("https://www.tallyway.example");
    expect(ok.statusCode).toBe(204);
    expect(ok.headers["access-control-allow-methods"]).toBe("GET, POST");
    expect(ok.headers["access-control-allow-headers"]).toContain("X-XSRF-TOKEN");
    const refused = await preflight("https://evil.example");
    expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
    expect(refused.headers["access-control-allow-methods"]).toBeUndefined();
  });

  it("leaves the site's own pages alone", async () => {
    const response = await app.inject({ url: "/", headers: { origin: "https://www.tallyway.example" } });
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    expect(response.headers["set-cookie"]).toBeUndefined();
  });
});

describe("rate limit", () => {
  it("counts per connecting address and ignores X-Forwarded-For unless TRUST_PROXY names the proxy", async () => {
    const direct = await testApp({ RATE_LIMIT_PER_MINUTE: "1" });
    const proxied = await testApp({ RATE_LIMIT_PER_MINUTE: "1", TRUST_PROXY: "127.0.0.1" });
    try {
      const url = `/contactUs?${query(contact)}`;
      const from = (target: typeof direct, forwarded: string) =>
        target.app.inject({ url, remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": forwarded } });
      expect((await from(direct, "198.51.100.1")).statusCode).toBe(200);
      expect((await from(direct, "198.51.100.2")).statusCode).toBe(429);
      expect((await from(proxied, "198.51.100.1")).statusCode).toBe(200);
      expect((await from(proxied, "198.51.100.2")).statusCode).toBe(200);
    } finally {
      await direct.app.close();
      await proxied.app.close();
    }
  });

  it("answers 429 with a clear {error} once an address exceeds RATE_LIMIT_PER_MINUTE, per endpoint", async () => {
    const limited = await testApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const send = (url: string, ip = "203.0.113.7") => limited.app.inject({ url, remoteAddress: ip });
      const contactUrl = `/contactUs?${query(contact)}`;
      for (let i = 0; i < 3; i++) expect((await send(contactUrl)).statusCode).toBe(200);
      const refused = await send(contactUrl);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: rateLimitError });
      expect(refused.headers["retry-after"]).toBeDefined();
      expect((await send(contactUrl, "203.0.113.8")).statusCode).toBe(200);
      expect((await send(`/mailingList?${query(subscribe)}`)).statusCode).toBe(200);
      expect(limited.db.prepare("SELECT count(*) AS n FROM leads").get()).toEqual({ n: 4 });
    } finally {
      await limited.app.close();
    }
  });

  it("has one bucket per address and endpoint whatever the method: GET and POST share it, HEAD gets none", async () => {
    const limited = await testApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const ip = "203.0.113.9";
      const token = "h".repeat(32);
      const get = () => limited.app.inject({ url: `/contactUs?${query(contact)}`, remoteAddress: ip });
      const post = () =>
        limited.app.inject({
          method: "POST",
          url: "/contactUs",
          payload: contact,
          remoteAddress: ip,
          cookies: { "XSRF-TOKEN": token },
          headers: { "x-xsrf-token": token },
        });
      const head = () => limited.app.inject({ method: "HEAD", url: `/contactUs?${query(contact)}`, remoteAddress: ip });
      expect((await get()).statusCode).toBe(200);
      expect((await post()).statusCode).toBe(200);
      expect((await head()).statusCode).toBe(405);
      expect((await get()).statusCode).toBe(200);
      expect((await post()).statusCode).toBe(429);
      expect((await get()).statusCode).toBe(429);
      expect((await head()).statusCode).toBe(405);
      expect(limited.db.prepare("SELECT count(*) AS n FROM leads").get()).toEqual({ n: 3 });
    } finally {
      await limited.app.close();
    }
  });
});
