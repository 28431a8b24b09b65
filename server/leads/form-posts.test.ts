// The contact and newsletter forms posted without JavaScript (issue 24 point 1): stored as the
// GET path stores them, 303 to a result page, another site's posts refused, an error page that
// keeps what the visitor typed. Through app.inject() and through the real server.
import { request as httpRequest } from "node:http";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "#common/validation.ts";
import { fixtureBuild, testApp } from "../../tests/support/app.ts";
import {
  contactFields as contact,
  encoded as form,
  subscribeFields as subscribe,
} from "../../tests/support/lead-forms.ts";
import { startServer } from "../../tests/support/server.ts";
import { databaseFile, openDatabase, type SqliteDatabase } from "../db/database.ts";
import { contactSuccess } from "./contact.ts";
import { crossSiteError, rateLimitError } from "./guards.ts";
import { subscribeSuccess } from "./mailing-list.ts";

let app: FastifyInstance;
let db: SqliteDatabase;
beforeAll(async () => {
  ({ app, db } = await testApp({ SERVER_BASE_URL: "https://api.tallyway.example" }));
});
afterAll(() => app.close());

const site = "https://www.tallyway.example";
/** What a browser sends with a form posted from the site's page. */
const browser = {
  "content-type": "application/x-www-form-urlencoded",
  accept: "text/html,application/xhtml+xml,*/*;q=0.8",
  origin: site,
};
const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url, payload: form(fields), headers: { ...browser, ...headers } });
const rowsOf = (table: "leads" | "subscribers", email: string) =>
  db.prepare(`SELECT * FROM ${table} WHERE email = ? ORDER BY id`).all(email) as Record<string, unknown>[];
const mailsTo = (email: string) =>
  (db.prepare("SELECT mail FROM outbox").all() as { mail: string }[])
    .map((row) => JSON.parse(row.mail))
    .filter((mail) => mail.to === email);
/** A row without what differs between two requests by nature (id, times, nonces). */
const comparable = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !/^(id|email|email_key|mailbox_key)$|_at$|nonce/.test(key)));

describe("a contact form posted without JavaScript", () => {
  it("is stored as the GET path stores it, and answered 303 to a result page with the spec's message", async () => {
    const response = await post("/contactUs", { ...contact, email: "form@example.com" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/contactUs/sent");
    await app.inject({ url: `/contactUs?${form({ ...contact, email: "get@example.com" })}` });
    const [byForm] = rowsOf("leads", "form@example.com");
    const [byGet] = rowsOf("leads", "get@example.com");
    expect(comparable(byForm)).toEqual(comparable(byGet));
    expect(byForm).toMatchObject({ name: "Ann Lee", details: "How much for 20 users?", subject: "Pricing" });
    // Its notification to sales is queued with it, as on the GET path.
    expect(
      (db.prepare("SELECT mail FROM outbox").all() as { mail: string }[]).filter((row) =>
        row.mail.includes("form@example.com"),
      ),
    ).toHaveLength(1);

    const result = await app.inject({ url: "/contactUs/sent" });
    expect(result.statusCode).toBe(200);
    expect(result.headers["content-type"]).toMatch(/^text\/html/);
    expect(result.body).toContain(contactSuccess);
    expect(result.body).toContain("<h1>Your question was sent</h1>");
    // The site's design without loosening the policy: no script, the one style sheet by hash.
    const policy = String(result.headers["content-security-policy"]);
    expect(policy).toMatch(/default-src 'none'; style-src 'sha256-[\w+/=]+';/);
    expect(policy).not.toContain("unsafe-inline");
  });

  it("needs no XSRF cookie or header: the form cannot send them", async () => {
    const response = await post("/contactUs", { ...contact, email: "nocookie@example.com" });
    expect(response.statusCode).toBe(303);
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(rowsOf("leads", "nocookie@example.com")).toHaveLength(1);
  });

  it("answers an invalid form with the form again: the visitor's values kept, the error beside its field, nothing stored", async () => {
    const typed = {
      ...contact,
      name: `Ann "<b>" Lee`,
      email: "ann.example.com",
      details: "Line one\r\nLine <two> & three",
    };
    const response = await post("/contactUs", typed);
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain(`<p>${messages.email}</p>`);
    expect(html).toMatch(
      new RegExp(`<input type="email" id="f-email"[^>]*aria-invalid="true"[^>]*value="ann.example.com">`),
    );
    expect(html).toContain(`<p class="error" id="f-email-error">${messages.email}</p>`);
    expect(html).toContain(`value="Ann &quot;&lt;b&gt;&quot; Lee"`);
    expect(html).toContain(">Line one\r\nLine &lt;two&gt; &amp; three</textarea>");
    for (const [name, value] of Object.entries({
      domain: contact.domain,
      type: contact.type,
      subject: contact.subject,
    }))
      expect(html).toContain(`<input type="hidden" name="${name}" value="${value}">`);
    expect(html).toContain(`<form method="post" action="/contactUs">`);
    expect(rowsOf("leads", "ann.example.com")).toHaveLength(0);
  });

  it("refuses a post from another site (Origin, or Sec-Fetch-Site without Origin), and stores nothing", async () => {
    for (const headers of [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "", "sec-fetch-site": "cross-site" },
    ]) {
      const fields = { ...contact, email: "victim@example.com" };
      const response = await app.inject({
        method: "POST",
        url: "/contactUs",
        payload: form(fields),
        headers: Object.fromEntries(Object.entries({ ...browser, ...headers }).filter(([, value]) => value !== "")),
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.body).toContain(crossSiteError);
    }
    expect(rowsOf("leads", "victim@example.com")).toHaveLength(0);
  });

  it("accepts the site's own posts: same-origin, and same-site to the configured SERVER_BASE_URL", async () => {
    for (const [i, headers] of [
      { origin: "https://api.tallyway.example", "sec-fetch-site": "same-origin" },
      { origin: site, "sec-fetch-site": "same-site" },
      // A page with Referrer-Policy: no-referrer makes the browser send Origin: null with its own posts.
      { origin: "null", "sec-fetch-site": "same-origin" },
    ].entries()) {
      const response = await post("/mailingList", { ...subscribe, email: `own${i}@example.com` }, headers);
      expect(response.statusCode).toBe(303);
      expect(rowsOf("subscribers", `own${i}@example.com`)).toHaveLength(1);
    }
  });
});

describe("an Origin compared with SITE_URL and ALLOWED_ORIGINS, never with the request's Host (issue 39 point 7)", () => {
  // Behind a trusted proxy on loopback (inject's address), which passes X-Forwarded-Host on.
  let proxied: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    proxied = await testApp({ ALLOWED_ORIGINS: "https://partner.example", TRUST_PROXY: "127.0.0.1" });
  });
  afterAll(() => proxied.app.close());
  const stored = (email: string) =>
    proxied.db.prepare("SELECT count(*) AS n FROM leads WHERE email = ?").get(email) as { n: number };
  const subscribed = (email: string) =>
    proxied.db.prepare("SELECT count(*) AS n FROM subscribers WHERE email = ?").get(email) as { n: number };

  // A rebound DNS name makes the browser send its own Host and Origin, and call it same-origin.
  const forged: [string, Record<string, string>][] = [
    ["Host", { host: "evil.example", origin: "http://evil.example" }],
    ["Host, same-origin", { host: "evil.example", origin: "http://evil.example", "sec-fetch-site": "same-origin" }],
    ["X-Forwarded-Host", { "x-forwarded-host": "evil.example", origin: "http://evil.example" }],
    [
      "X-Forwarded-Host and -Proto, same-origin",
      {
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
        origin: "https://evil.example",
        "sec-fetch-site": "same-origin",
      },
    ],
  ];
  it.each(forged)("refuses a forged %s: no lead, no sign-up", async (what, headers) => {
    const email = `forged-${what.replace(/\W+/g, "-").toLowerCase()}@example.com`;
    const formPost = await proxied.app.inject({
      method: "POST",
      url: "/contactUs",
      payload: form({ ...contact, email }),
      headers: { ...browser, ...headers },
    });
    expect(formPost.statusCode).toBe(403);
    expect(formPost.body).toContain(crossSiteError);
    const script = await proxied.app.inject({ url: `/mailingList?${form({ ...subscribe, email })}`, headers });
    expect(script.statusCode).toBe(403);
    expect(stored(email).n + subscribed(email).n).toBe(0);
  });

  it("accepts SITE_URL, ALLOWED_ORIGINS and the server's own loopback address", async () => {
    for (const [i, headers] of [
      { origin: site, "sec-fetch-site": "same-origin" },
      { origin: "https://partner.example", "sec-fetch-site": "cross-site" },
      // The server run on this machine at its own address (npm start, the e2e tests): Host cannot be forged there.
      { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" },
    ].entries()) {
      const email = `origin-ok-${i}@example.com`;
      const response = await proxied.app.inject({
        method: "POST",
        url: "/contactUs",
        payload: form({ ...contact, email }),
        headers: { ...browser, ...headers },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(303);
      expect(stored(email).n).toBe(1);
    }
  });
});

describe("a newsletter form posted without JavaScript", () => {
  it("is stored pending with its confirmation mail, as on the GET path, and the result page says what happens next", async () => {
    const response = await post("/mailingList", { ...subscribe, email: "news-form@example.com" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/mailingList/sent");
    await app.inject({ url: `/mailingList?${form({ ...subscribe, email: "news-get@example.com" })}` });
    const [byForm] = rowsOf("subscribers", "news-form@example.com");
    const [byGet] = rowsOf("subscribers", "news-get@example.com");
    expect(byForm).toMatchObject({ status: "pending", first_name: "Bo", last_name: "Ng" });
    expect(comparable(byForm)).toEqual(comparable(byGet));
    expect(mailsTo("news-form@example.com")).toHaveLength(1);
    expect(mailsTo("news-get@example.com")).toHaveLength(1);

    const result = await app.inject({ url: "/mailingList/sent" });
    expect(result.statusCode).toBe(200);
    expect(result.body).toContain(subscribeSuccess);
    expect(result.body).toContain("Confirm subscription");
    expect(result.body).toContain("7 days");
  });

  it("answers an unknown list with the form again, the values kept", async () => {
    const response = await post("/mailingList", { ...subscribe, list: "other.example", email: "lost@example.com" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Unknown mailing list");
    expect(response.body).toContain(`value="lost@example.com"`);
    expect(response.body).toContain(`<input type="hidden" name="list" value="other.example">`);
    expect(rowsOf("subscribers", "lost@example.com")).toHaveLength(0);
  });

  it("answers the rate limit as a page too", async () => {
    const limited = await testApp({ RATE_LIMIT_PER_MINUTE: "1" });
    try {
      const send = () =>
        limited.app.inject({ method: "POST", url: "/mailingList", payload: form(subscribe), headers: browser });
      expect((await send()).statusCode).toBe(303);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["content-type"]).toMatch(/^text\/html/);
      expect(refused.body).toContain(rateLimitError);
      expect(refused.body).toContain(`<form method="post" action="/mailingList">`);
    } finally {
      await limited.app.close();
    }
  });

  it("keeps the scripts' answers as they were: a form body that asks for JSON still needs the XSRF pair", async () => {
    const response = await post("/mailingList", subscribe, { accept: "application/json" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toHaveProperty("error");
  });
});

/** A raw HTTP request to the real server, with exactly the headers given. */
function send(url: string, method: string, headers: Record<string, string>, body = "") {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("form posts to the real server", () => {
  it("stores, redirects to a page in the site's design, and refuses another site's post", async () => {
    const server = await startServer({
      BUILD_DIR: fixtureBuild(),
      RATE_LIMIT_PER_MINUTE: "1000",
      QUESTIONS_PER_NETWORK_PER_HOUR: "1000",
    });
    try {
      const own = { ...browser, origin: server.url };
      const ok = await send(`${server.url}/contactUs`, "POST", own, form({ ...contact, email: "real@example.com" }));
      expect(ok.status).toBe(303);
      const page = await send(new URL(String(ok.headers.location), server.url).href, "GET", { accept: "text/html" });
      expect(page.status).toBe(200);
      expect(page.body).toContain(contactSuccess);
      const evil = await send(
        `${server.url}/mailingList`,
        "POST",
        { ...browser, origin: "https://evil.example" },
        form(subscribe),
      );
      expect(evil.status).toBe(403);
      const img = await send(`${server.url}/mailingList?${form(subscribe)}`, "GET", {
        "sec-fetch-site": "cross-site",
        "sec-fetch-dest": "image",
      });
      expect(img.status).toBe(403);
      const stored = openDatabase(databaseFile(server.dataDir));
      expect(stored.prepare("SELECT email FROM leads").all()).toEqual([{ email: "real@example.com" }]);
      expect(stored.prepare("SELECT count(*) AS n FROM subscribers").get()).toEqual({ n: 0 });
      stored.close();
    } finally {
      await server.stop();
    }
  }, 30_000);
});
