// /metrics on the real server: what Prometheus scrapes is valid by Prometheus's own checker
// (promtool, Debian's prometheus package), moves when leads are sent and while the SMTP peer
// is down, and is closed without METRICS_TOKEN or with a wrong one.
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureBuild } from "../../tests/support/app.ts";
import { freePort } from "../../tests/support/free-port.ts";
import { startServer, type RunningServer } from "../../tests/support/server.ts";
import { leadOutcomeOf, routeClassOf } from "./metrics.ts";

const token = "m".repeat(40);
const servers: RunningServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.stop())));

async function server(env: Record<string, string>) {
  const started = await startServer({ BUILD_DIR: fixtureBuild(), RATE_LIMIT_PER_MINUTE: "3", ...env });
  servers.push(started);
  return started;
}

const scrape = async (url: string) => {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
};

/** The value of one sample line, e.g. value(text, 'tallyway_outbox_open{kind="mail"}'); 0 when absent. */
const value = (text: string, sample: string) =>
  Number(new RegExp(`^${sample.replace(/[{}"]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1] ?? 0);

describe("route classes and lead outcomes", () => {
  it("names a request by what it is for, never by a visitor's path", () => {
    expect(routeClassOf("/contactUs", "/contactUs")).toBe("lead");
    expect(routeClassOf("/rum/:site/:page", "/rum/x/home.png")).toBe("measurement");
    expect(routeClassOf(undefined, "/admin/api/leads")).toBe("console-api");
    expect(routeClassOf("*", "/some/unknown/page")).toBe("page");
    expect([200, 303, 400, 403, 413, 429, 500, 503].map(leadOutcomeOf)).toEqual([
      "accepted",
      "accepted",
      "invalid",
      "cross-site",
      "too-large",
      "rate-limited",
      "unavailable",
      "unavailable",
    ]);
  });
});

describe("GET /metrics", { timeout: 90_000 }, () => {
  it("is not served without METRICS_TOKEN, and refuses a request without the token", async () => {
    const closed = await server({});
    const off = await fetch(`${closed.url}/metrics`);
    expect(off.status).toBe(404);
    expect(await off.json()).toEqual({ error: "Metrics are off: set METRICS_TOKEN to serve them." });
    const open = await server({ METRICS_TOKEN: token });
    expect((await fetch(`${open.url}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${open.url}/metrics`, { headers: { authorization: `Bearer ${"x".repeat(40)}` } })).status,
    ).toBe(401);
  });

  it("passes promtool check metrics, and moves with leads, refusals and an SMTP peer that is down", async () => {
    // SMTP to a port where nothing listens: every notification stays in the outbox, retrying.
    const a = await server({ METRICS_TOKEN: token, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    const before = await scrape(a.url);
    expect(value(before, 'tallyway_leads_total{form="contact",outcome="accepted"}')).toBe(0);

    for (let n = 0; n < 3; n++)
      expect((await fetch(`${a.url}/contactUs?email=m${n}@example.com&details=Q`)).status).toBe(200);
    expect((await fetch(`${a.url}/contactUs?email=not-an-address&details=Q`)).status).toBe(429);
    expect((await fetch(`${a.url}/mailingList?list=tallyway.example&what=subscribe&email=bad`)).status).toBe(400);
    await fetch(`${a.url}/healthz`);

    // The notifications fail against the closed port and wait for their retry.
    await expect
      .poll(async () => value(await scrape(a.url), 'tallyway_outbox_retrying{kind="mail"}'), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(3);
    const text = await scrape(a.url);
    expect(value(text, 'tallyway_leads_total{form="contact",outcome="accepted"}')).toBe(3);
    expect(value(text, 'tallyway_leads_total{form="contact",outcome="rate-limited"}')).toBe(1);
    expect(value(text, 'tallyway_leads_total{form="newsletter",outcome="invalid"}')).toBe(1);
    expect(value(text, 'tallyway_rate_limit_refusals_total{route="lead"}')).toBe(1);
    expect(value(text, 'tallyway_http_requests_total{route="health",status="2xx"}')).toBe(1);
    expect(value(text, 'tallyway_outbox_open{kind="mail"}')).toBeGreaterThanOrEqual(3);
    expect(value(text, 'tallyway_outbox_oldest_age_seconds{kind="mail"}')).toBeGreaterThan(0);
    expect(value(text, 'tallyway_database_commit_seconds_count{engine="sqlite"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'tallyway_health_check_ok{check="database"}')).toBe(1);
    expect(value(text, "tallyway_scrape_readings_ok")).toBe(1);

    // Prometheus's own checker reads the scrape from standard input; it exits non-zero on any problem.
    const checked = execFileSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
    expect(checked).toBe("");
  });

  it("passes promtool check metrics on a scrape taken while leads and page requests stream in", async () => {
    const b = await server({
      METRICS_TOKEN: token,
      RATE_LIMIT_PER_MINUTE: "100000",
      QUESTIONS_PER_NETWORK_PER_HOUR: "100000",
    });
    let streaming = true;
    const stream = async (n: number) => {
      for (let i = 0; streaming; i++) {
        await fetch(`${b.url}/contactUs?email=load${n}-${i}@example.com&details=Q`);
        await fetch(`${b.url}/no-such-page`, { redirect: "manual" });
      }
    };
    const senders = Array.from({ length: 4 }, (_, n) => stream(n));
    // Scrapes until one sees leads counted mid-stream, however fast this machine answers them.
    let text = "";
    await expect
      .poll(
        async () => value((text = await scrape(b.url)), 'tallyway_leads_total{form="contact",outcome="accepted"}'),
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(20);
    streaming = false;
    await Promise.all(senders);
    expect(value(text, 'tallyway_http_requests_total{route="page",status="3xx"}')).toBeGreaterThan(0);
    expect(execFileSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" })).toBe("");
  });
});
