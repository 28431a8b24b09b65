// Attribution through the real app (issue 21): a landing page view with its source reaches the
// collector, then a lead or sign-up sent with the visitor id (vid) is stored with where that
// visitor came from, and the server counts the goal for that visitor.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../tests/support/app.ts";
import { encoded as query, subscribeFields as subscribe } from "../../tests/support/lead-forms.ts";
import type { SqliteDatabase } from "../db/database.ts";

let app: FastifyInstance;
let db: SqliteDatabase;
beforeAll(async () => {
  ({ app, db } = await testApp());
});
afterAll(() => app.close());

const uid = (n: number) => `0b6c1a52-7f0e-4c39-9d2e-${String(n).padStart(12, "0")}`;
const collect = (events: unknown[]) =>
  app.inject({
    method: "POST",
    url: "/api/collect",
    payload: JSON.stringify({ events }),
    headers: { "content-type": "text/plain" },
  });
const contact = { name: "Ann Lee", email: "ann@example.com", details: "How much for 20 users?" };
const goalsOf = (visitor: string) =>
  db
    .prepare("SELECT action, page FROM analytics_events WHERE uid = ? AND category = 'goal' ORDER BY id")
    .all(visitor) as {
    action: string;
    page: string;
  }[];
const flushed = async () => {
  await app.measurementEvents.close();
};

describe("a lead sent with the visitor id", () => {
  it("is stored with the landing's source, campaign and page, named in the sales mail, and counts the goal", async () => {
    const visitor = uid(1);
    // The collector answers before it writes; the lead waits for the page views still queued.
    await collect([
      {
        type: "pageview",
        uid: visitor,
        page: "home",
        source: { utm_source: "newsletter", utm_campaign: "autumn", referrer: "mail.example" },
      },
    ]);
    await collect([{ type: "pageview", uid: visitor, page: "contact" }]);
    const response = await app.inject({ url: `/contactUs?${query({ ...contact, vid: visitor.toUpperCase() })}` });
    expect(response.statusCode).toBe(200);
    const lead = db.prepare("SELECT * FROM leads ORDER BY id DESC LIMIT 1").get() as Record<string, string>;
    expect(lead).toMatchObject({
      first_source: "newsletter",
      first_campaign: "autumn",
      first_landing: "home",
      visit_source: "newsletter",
      visit_campaign: "autumn",
      visit_landing: "home",
    });
    const mail = JSON.parse(
      (db.prepare("SELECT mail FROM outbox ORDER BY id DESC LIMIT 1").get() as { mail: string }).mail,
    );
    expect(mail.text).toContain(
      "First visit: newsletter / autumn, landed on home\nThis visit: newsletter / autumn, landed on home\n",
    );
    expect(mail.html).toContain('<th align="left">First visit</th><td>newsletter / autumn, landed on home</td>');
    await flushed();
    expect(goalsOf(visitor)).toEqual([{ action: "contact-sent", page: "contact" }]);
  });

  it("without a visitor id, or with a malformed one, is stored without attribution and counts no goal", async () => {
    for (const vid of [undefined, "not-a-uuid", `${uid(2)}x`]) {
      const response = await app.inject({ url: `/contactUs?${query({ ...contact, ...(vid && { vid }) })}` });
      expect(response.statusCode, String(vid)).toBe(200);
      const lead = db.prepare("SELECT first_source, visit_source FROM leads ORDER BY id DESC LIMIT 1").get();
      expect(lead).toEqual({ first_source: null, visit_source: null });
    }
    await flushed();
    expect(
      db.prepare("SELECT count(*) AS n FROM analytics_events WHERE category = 'goal' AND uid <> ?").get(uid(1)),
    ).toEqual({ n: 0 });
    const mail = JSON.parse(
      (db.prepare("SELECT mail FROM outbox ORDER BY id DESC LIMIT 1").get() as { mail: string }).mail,
    );
    expect(mail.text).not.toContain("First visit");
  });
});

describe("e-mail addresses and tokens in ref and utm_* (issue 29 point 7)", () => {
  const latestLead = () =>
    db.prepare("SELECT * FROM leads ORDER BY id DESC LIMIT 1").get() as Record<string, string | null>;

  it("are not stored by the collector, so no lead, mail or report shows them", async () => {
    const visitor = uid(10);
    const source = {
      ref: "ann.lee@acme.example",
      utm_campaign: "d41d8cd98f00b204e9800998ecf8427e",
      utm_medium: "email",
    };
    expect((await collect([{ type: "pageview", uid: visitor, page: "home", source }])).statusCode).toBe(204);
    expect((await app.inject({ url: `/contactUs?${query({ ...contact, vid: visitor })}` })).statusCode).toBe(200);
    await flushed();
    const stored = db
      .prepare("SELECT ref, utm_campaign, utm_medium FROM analytics_events WHERE uid = ? AND type = 'pageview'")
      .get(visitor);
    expect(stored).toEqual({ ref: null, utm_campaign: null, utm_medium: "email" });
    expect(latestLead()).toMatchObject({ first_source: "Direct", first_campaign: null });
  });

  it("are left out of page views stored before they were dropped", async () => {
    const visitor = uid(11);
    db.prepare(
      "INSERT INTO analytics_events (received_at, type, uid, page, utm_source, utm_campaign) VALUES (?, 'pageview', ?, 'home', ?, ?)",
    ).run(new Date().toISOString(), visitor, "bo@example.com", "autumn");
    expect((await app.inject({ url: `/contactUs?${query({ ...contact, vid: visitor })}` })).statusCode).toBe(200);
    expect(latestLead()).toMatchObject({ first_source: "Direct", first_campaign: "autumn", first_landing: "home" });
    const mail = JSON.parse(
      (db.prepare("SELECT mail FROM outbox ORDER BY id DESC LIMIT 1").get() as { mail: string }).mail,
    );
    expect(mail.text).not.toContain("bo@example.com");
  });
});

describe("a newsletter sign-up sent with the visitor id", () => {
  it("keeps the visitor and attribution with the subscriber, and counts the request and, at confirm, the confirmation", async () => {
    const visitor = uid(3);
    await collect([{ type: "pageview", uid: visitor, page: "features", source: { referrer: "www.linkedin.com" } }]);
    expect((await app.inject({ url: `/mailingList?${query({ ...subscribe, vid: visitor })}` })).statusCode).toBe(200);
    const subscriber = db.prepare("SELECT * FROM subscribers WHERE email = ?").get(subscribe.email) as Record<
      string,
      string
    >;
    expect(subscriber).toMatchObject({
      visitor_id: visitor,
      first_source: "LinkedIn",
      first_landing: "features",
      visit_source: "LinkedIn",
    });
    const mail = JSON.parse(
      (db.prepare("SELECT mail FROM outbox ORDER BY id DESC LIMIT 1").get() as { mail: string }).mail,
    );
    const token = /\/mailingList\/confirm\?token=([\w.-]+)/.exec(mail.text)![1];
    const confirmed = await app.inject({
      method: "POST",
      url: "/mailingList/confirm",
      payload: query({ token }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(confirmed.statusCode).toBe(200);
    await flushed();
    expect(goalsOf(visitor)).toEqual([
      { action: "newsletter-requested", page: "newsletter" },
      { action: "subscription-confirmed", page: "newsletter-confirm" },
    ]);
  });
});
