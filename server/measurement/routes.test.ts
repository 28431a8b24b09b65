import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { testApp } from "../../tests/support/app.ts";
import { parseRumBeacon } from "./routes.ts";

const uid = "0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a";

async function startApp(env: Record<string, string> = {}) {
  const { app, db } = await testApp(env);
  /** Closes the app (flushing its queues) and reads what reached the database. */
  const closeAndRead = async (sql: string) => {
    await app.close();
    const rows = db.prepare(sql).all();
    db.close();
    return rows;
  };
  return { app, closeAndRead };
}

describe("GET /rum/:site/:page.png", () => {
  it("answers a 1×1 PNG that is never cached and records the beacon", async () => {
    const { app, closeAndRead } = await startApp();
    const response = await app.inject({ url: `/rum/tallyway/features-billing.png?u=${uid}&l=home&d=12&t=340` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
    expect(
      await closeAndRead("SELECT site, page, uid, last_page, seconds_on_last_page, load_ms FROM rum_beacons"),
    ).toEqual([
      { site: "tallyway", page: "features-billing", uid, last_page: "home", seconds_on_last_page: 12, load_ms: 340 },
    ]);
  });

  it("ignores bad parameters: still a PNG, never a 5xx, and only well-formed values are kept", async () => {
    const { app, closeAndRead } = await startApp();
    const urls = [
      "/rum/tallyway/home.png?u=not-a-uuid&l=<script>&d=-4&t=1e9",
      "/rum/tallyway/home.png?u=a&u=b&d=1&d=2",
      "/rum/bad%20site/home.png",
      "/rum/tallyway/home.gif",
      "/rum/tallyway/%E0%A4%A.png",
      `/rum/tallyway/${"x".repeat(300)}.png`,
    ];
    for (const url of urls) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBeLessThan(500);
      // Fastify itself answers 400 for a malformed percent-encoding before the route runs.
      if (response.statusCode === 200) expect(response.headers["content-type"], url).toBe("image/png");
    }
    const rows = await closeAndRead("SELECT page, uid, last_page, seconds_on_last_page, load_ms FROM rum_beacons");
    expect(rows).toEqual([
      { page: "home", uid: null, last_page: null, seconds_on_last_page: null, load_ms: null },
      { page: "home", uid: null, last_page: null, seconds_on_last_page: null, load_ms: null },
    ]);
  });

  it("is rate-limited per IP", async () => {
    const { app } = await startApp({ MEASURE_RATE_LIMIT: "3" });
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await app.inject({ url: "/rum/tallyway/home.png", remoteAddress: "10.0.0.1" })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await app.inject({ url: "/rum/tallyway/home.png", remoteAddress: "10.0.0.2" })).statusCode).toBe(200);
    await app.close();
  });
});

describe("parseRumBeacon", () => {
  it("takes the page from the file name and bounds the numbers", () => {
    expect(
      parseRumBeacon("tallyway", "demo.png", { u: uid.toUpperCase(), l: "home", d: "604800", t: "600000" }),
    ).toEqual({
      site: "tallyway",
      page: "demo",
      uid,
      lastPage: "home",
      secondsOnLastPage: 604800,
      loadMs: 600000,
    });
    expect(parseRumBeacon("tallyway", "demo.png", { d: "604801", t: "600001" })).toMatchObject({
      secondsOnLastPage: null,
      loadMs: null,
    });
    expect(parseRumBeacon("tallyway", "demo", {})).toBeUndefined();
  });
});

describe("POST /api/collect", () => {
  const batch = {
    events: [
      { type: "pageview", uid, page: "home", title: "Tallyway" },
      { type: "event", uid, page: "home", category: "video", action: "start", label: "Timesheet", value: 5 },
      { type: "vital", uid, page: "home", name: "LCP", value: 1234.5, rating: "good" },
    ],
  };

  it("keeps the sender's device and browser as categories only, on the events and their visit (issue 31)", async () => {
    const { app, closeAndRead } = await startApp();
    const iPhone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
    const response = await app.inject({
      method: "POST",
      url: "/api/collect",
      headers: { "user-agent": iPhone },
      payload: { events: [batch.events[0]] },
    });
    expect(response.statusCode).toBe(204);
    const rows = await closeAndRead(
      "SELECT e.device, e.browser, v.device AS visit_device, v.browser AS visit_browser FROM analytics_events e, usage_visits v",
    );
    expect(rows).toEqual([{ device: "phone", browser: "Safari", visit_device: "phone", visit_browser: "Safari" }]);
  });

  it("accepts a batch sent by sendBeacon (text/plain) and records every event", async () => {
    const { app, closeAndRead } = await startApp();
    const response = await app.inject({
      method: "POST",
      url: "/api/collect",
      headers: { "content-type": "text/plain;charset=UTF-8" },
      payload: JSON.stringify(batch),
    });
    expect(response.statusCode).toBe(204);
    const json = await app.inject({ method: "POST", url: "/api/collect", payload: batch });
    expect(json.statusCode).toBe(204);
    const rows = await closeAndRead(
      "SELECT type, uid, page, title, category, action, label, value, rating FROM analytics_events ORDER BY id",
    );
    expect(rows).toHaveLength(6);
    expect(rows.slice(0, 3)).toEqual([
      {
        type: "pageview",
        uid,
        page: "home",
        title: "Tallyway",
        category: null,
        action: null,
        label: null,
        value: null,
        rating: null,
      },
      {
        type: "event",
        uid,
        page: "home",
        title: null,
        category: "video",
        action: "start",
        label: "Timesheet",
        value: 5,
        rating: null,
      },
      {
        type: "vital",
        uid,
        page: "home",
        title: null,
        category: null,
        action: "LCP",
        label: null,
        value: 1234.5,
        rating: "good",
      },
    ]);
  });

  it("answers 4xx with an error for bad batches, never 5xx, and records nothing from them", async () => {
    const { app, closeAndRead } = await startApp();
    const tooMany = { events: Array.from({ length: 51 }, () => batch.events[0]) };
    const cases: [string, string, number][] = [
      ["text/plain", "{not json", 400],
      ["application/json", "{not json", 400],
      ["application/json", JSON.stringify({ events: [] }), 400],
      ["application/json", JSON.stringify(tooMany), 400],
      ["application/json", JSON.stringify({ events: [{ ...batch.events[0], uid: "x" }] }), 400],
      ["application/json", JSON.stringify({ events: [{ ...batch.events[2], name: "XYZ" }] }), 400],
      ["application/json", JSON.stringify({ events: [{ ...batch.events[1], value: "5" }] }), 400],
      ["application/json", JSON.stringify([1, 2]), 400],
      ["text/plain", "x".repeat(70_000), 413],
      ["application/xml", "<a/>", 415],
    ];
    for (const [type, payload, status] of cases) {
      const response = await app.inject({
        method: "POST",
        url: "/api/collect",
        headers: { "content-type": type },
        payload,
      });
      expect(response.statusCode, payload.slice(0, 60)).toBe(status);
      expect(response.json(), payload.slice(0, 60)).toHaveProperty("error");
    }
    expect(await closeAndRead("SELECT * FROM analytics_events")).toEqual([]);
  });
});
