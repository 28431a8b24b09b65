// Webhooks and the CRM sink against real HTTP receivers (node:http): every delivery checked
// with the standardwebhooks package's verifier (not ours), retries through a receiver that is
// down then failing with the same webhook-id, a 4xx that stops, and a SIGKILL of the real
// server process between a lead and its delivery.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it, vi } from "vitest";
import { fixtureBuild, testApp, waitFor } from "../../tests/support/app.ts";
import { httpReceiver, type ReceivedRequest } from "../../tests/support/http-receiver.ts";
import { startServer } from "../../tests/support/server.ts";
import { databaseFile, openDatabase } from "../db/database.ts";
import type { DeliveryState } from "./outbox-store.ts";

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;
const receiver = async (options: Parameters<typeof httpReceiver>[0] = {}) => {
  const peer = httpReceiver(options);
  const port = await peer.listening;
  cleanups.push(peer.close);
  return { ...peer, url: `http://127.0.0.1:${port}/hooks` };
};
/** The event a request carries, checked by the standardwebhooks verifier with the endpoint's secret (it throws otherwise). */
const verified = (secret: string, request: ReceivedRequest) =>
  new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as {
    type: string;
    data: Record<string, unknown>;
  };
const lead = (app: Awaited<ReturnType<typeof testApp>>["app"], fields: Record<string, string>) =>
  app.inject({
    url: `/contactUs?${new URLSearchParams({ email: "ann@acme.example", details: "A real question", ...fields })}`,
  });
const leadId = (db: ReturnType<typeof openDatabase>, email: string) =>
  (db.prepare("SELECT id FROM leads WHERE email = ?").get(email) as { id: number }).id;

// Retries and restarts take seconds on a busy machine; nothing here asserts a duration.
describe("webhooks (issue 21)", { timeout: 20_000 }, () => {
  it("sends lead.created, subscriber.confirmed and subscriber.unsubscribed to every endpoint, each verified", async () => {
    const [one, two] = [await receiver(), await receiver()];
    const [secretOne, secretTwo] = [newSecret(), newSecret()];
    const { app, db } = await testApp({
      WEBHOOK_URL: one.url,
      WEBHOOK_SECRET: secretOne,
      WEBHOOK_URL_2: two.url,
      WEBHOOK_SECRET_2: secretTwo,
    });
    cleanups.push(() => app.close());

    expect((await lead(app, { name: "Ann Lee", subject: "Pricing" })).statusCode).toBe(200);
    const subscribe = new URLSearchParams({
      list: app.config.site.mailingList,
      what: "subscribe",
      email: "bo@example.com",
      first_name: "Bo",
    });
    expect((await app.inject({ url: `/mailingList?${subscribe}` })).statusCode).toBe(200);
    // The links of the confirmation mail, as the subscriber would open them.
    const confirmation = JSON.parse(
      (db.prepare("SELECT mail FROM outbox WHERE channel = 'mail' AND ref IS NULL").get() as { mail: string }).mail,
    );
    const linkOf = (purpose: string) =>
      new URL(new RegExp(`\\S+/mailingList/${purpose}\\?token=\\S+`).exec(confirmation.text)![0]);
    const confirm = linkOf("confirm");
    const confirmed = await app.inject({
      method: "POST",
      url: "/mailingList/confirm",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ token: confirm.searchParams.get("token")! }).toString(),
    });
    expect(confirmed.statusCode).toBe(200);
    const unsubscribe = linkOf("unsubscribe");
    expect(
      (await app.inject({ method: "POST", url: `/mailingList/unsubscribe${unsubscribe.search}` })).statusCode,
    ).toBe(200);
    // A second unsubscribe changes nothing: no second event.
    expect(
      (await app.inject({ method: "POST", url: `/mailingList/unsubscribe${unsubscribe.search}` })).statusCode,
    ).toBe(200);
    app.outbox.kick();

    for (const [peer, secret] of [
      [one, secretOne],
      [two, secretTwo],
    ] as const) {
      await waitFor(() => peer.received.length >= 3);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const events = peer.received.map((request) => verified(secret, request));
      expect(events.map((event) => event.type).sort()).toEqual([
        "lead.created",
        "subscriber.confirmed",
        "subscriber.unsubscribed",
      ]);
      const created = events.find((event) => event.type === "lead.created")!;
      expect(created.data).toEqual({
        id: leadId(db, "ann@acme.example"),
        createdAt: expect.any(String),
        domain: new URL(app.config.site.siteUrl).host,
        type: "Lead",
        name: "Ann Lee",
        email: "ann@acme.example",
        subject: "Pricing",
        details: "A real question",
        attribution: { first: null, visit: null },
      });
      const unsubscribed = events.find((event) => event.type === "subscriber.unsubscribed")!;
      expect(unsubscribed.data).toMatchObject({ email: "bo@example.com", firstName: "Bo", status: "unsubscribed" });
      expect(Object.keys(unsubscribed.data)).not.toContain("confirmNonce");
      expect(peer.received.every((request) => request.headers["content-type"] === "application/json")).toBe(true);
      // The other endpoint's secret does not verify these.
      expect(() => verified(secret === secretOne ? secretTwo : secretOne, peer.received[0])).toThrow();
    }

    // The delivery state of the lead, as the console reads it: its mail and both webhooks.
    const states = await app.stores.outbox.deliveries([`lead:${leadId(db, "ann@acme.example")}`]);
    expect(states.map((s) => [s.channel, s.target, s.what, s.state])).toEqual([
      ["mail", app.config.site.salesEmail, expect.stringContaining("Pricing"), "delivered"],
      ["http", one.url, "lead.created", "delivered"],
      ["http", two.url, "lead.created", "delivered"],
    ]);
  });

  it("retries through a receiver that is down, then answers 500, then 200: the same webhook-id each time", async () => {
    // A port with nothing listening on it yet.
    const probe = httpReceiver();
    const port = await probe.listening;
    await probe.close();
    const secret = newSecret();
    const { app, db } = await testApp(
      { WEBHOOK_URL: `http://127.0.0.1:${port}/hooks`, WEBHOOK_SECRET: secret },
      { retryBaseMs: 100 },
    );
    cleanups.push(() => app.close());
    expect((await lead(app, {})).statusCode).toBe(200);
    const ref = `lead:${leadId(db, "ann@acme.example")}`;
    const webhookState = async () =>
      (await app.stores.outbox.deliveries([ref])).find((state) => state.channel === "http")!;
    let state: DeliveryState | undefined;
    for (const started = Date.now(); Date.now() - started < 10_000;) {
      state = await webhookState();
      if (state.attempts >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(state).toMatchObject({ state: "queued", lastError: "ECONNREFUSED" });

    const back = await receiver({ port, respond: (_request, index) => (index === 0 ? 500 : 200) });
    await waitFor(() => back.received.length >= 2);
    await vi.waitFor(async () => expect((await webhookState()).state).toBe("delivered"), {
      timeout: 30_000,
      interval: 20,
    });
    // Another refused attempt may fall between the count above and the receiver's start on a busy
    // machine; the receiver itself saw exactly the 500 and the 200.
    const delivered = await webhookState();
    expect(delivered.attempts).toBeGreaterThanOrEqual((state?.attempts ?? 0) + 2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(back.received).toHaveLength(2);
    const ids = back.received.map((request) => request.headers["webhook-id"]);
    expect(ids[0]).toMatch(/^msg_/);
    expect(new Set(ids).size).toBe(1);
    for (const request of back.received) expect(verified(secret, request).type).toBe("lead.created");
  });

  it("stops at a 4xx other than 408 and 429, and retries those two", async () => {
    const refusing = await receiver({ respond: () => 400 });
    const busy = await receiver({ respond: (_request, index) => (index === 0 ? 429 : index === 1 ? 408 : 204) });
    const { app, db } = await testApp(
      {
        WEBHOOK_URL: refusing.url,
        WEBHOOK_SECRET: newSecret(),
        WEBHOOK_URL_2: busy.url,
        WEBHOOK_SECRET_2: newSecret(),
      },
      { retryBaseMs: 50 },
    );
    cleanups.push(() => app.close());
    expect((await lead(app, {})).statusCode).toBe(200);
    const ref = `lead:${leadId(db, "ann@acme.example")}`;
    const states = async () => (await app.stores.outbox.deliveries([ref])).filter((state) => state.channel === "http");
    for (const started = Date.now(); Date.now() - started < 10_000;) {
      const [first, second] = await states();
      if (first.state !== "queued" && second.state !== "queued") break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await states()).map((s) => [s.target, s.state, s.attempts, s.lastError])).toEqual([
      [refusing.url, "given up", 1, "HTTP 400"],
      [busy.url, "delivered", 3, null],
    ]);
    // Several back-off periods later the refusing endpoint still got one request.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(refusing.received).toHaveLength(1);
    expect(busy.received).toHaveLength(3);
  });

  it("loses no delivery to a SIGKILL of the real server between the lead and its delivery", async () => {
    let holding = true;
    // The first request is held open: the server is killed while it waits for the answer.
    const peer = await receiver({ respond: () => (holding ? "hold" : 200) });
    const secret = newSecret();
    const env = {
      BUILD_DIR: fixtureBuild(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "webhook-crash-")),
      WEBHOOK_URL: peer.url,
      WEBHOOK_SECRET: secret,
      MAIL_LEASE_SECONDS: "1",
    };
    const server = await startServer(env);
    cleanups.push(() => server.stop());
    const answer = await fetch(
      `${server.url}/contactUs?${new URLSearchParams({ email: "kill@example.com", details: "Q" })}`,
    );
    expect(answer.status).toBe(200);
    await waitFor(() => peer.received.length === 1);
    server.child.kill("SIGKILL");
    await server.exited;

    holding = false;
    const again = await startServer(env);
    cleanups.push(() => again.stop());
    await waitFor(() => peer.received.length >= 2, 15_000);
    const [first, second] = peer.received;
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(verified(secret, first)).toEqual(verified(secret, second));
    const db = openDatabase(databaseFile(env.DATA_DIR));
    cleanups.push(() => db.close());
    await waitFor(
      () => db.prepare("SELECT 1 FROM outbox WHERE channel = 'http' AND delivered_at IS NOT NULL").get(),
      5_000,
    );
  }, 40_000);
});

describe("the CRM sink (issue 21)", { timeout: 20_000 }, () => {
  it("posts each lead as the web-to-lead form fields", async () => {
    const crm = await receiver({ respond: () => 200 });
    const { app } = await testApp({ CRM_WEB_TO_LEAD_URL: crm.url, CRM_ORG_ID: "00D5g000000TEST" });
    cleanups.push(() => app.close());
    expect(
      (await lead(app, { name: "Ann Marie Lee", subject: "Pricing", details: "How much for 40 seats?" })).statusCode,
    ).toBe(200);
    await waitFor(() => crm.received.length === 1);
    const [posted] = crm.received;
    expect(posted.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(posted.headers["webhook-signature"]).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(posted.body))).toEqual({
      oid: "00D5g000000TEST",
      first_name: "Ann Marie",
      last_name: "Lee",
      email: "ann@acme.example",
      company: "acme.example",
      description: "Pricing\n\nHow much for 40 seats?",
      lead_source: "Web",
      encoding: "UTF-8",
    });
  });

  it("takes web-to-lead's redirect as delivered: posted once, the redirect not followed (issue 29 point 10)", async () => {
    const crm = await receiver({ respond: () => ({ status: 302, headers: { location: "/thank-you" } }) });
    const { app, db } = await testApp(
      { CRM_WEB_TO_LEAD_URL: crm.url, CRM_ORG_ID: "00D5g000000TEST" },
      { retryBaseMs: 50 },
    );
    cleanups.push(() => app.close());
    expect((await lead(app, { name: "Ann Lee" })).statusCode).toBe(200);
    const ref = `lead:${leadId(db, "ann@acme.example")}`;
    const crmState = async () => (await app.stores.outbox.deliveries([ref])).find((state) => state.channel === "http")!;
    for (const started = Date.now(); Date.now() - started < 5_000 && (await crmState()).state !== "delivered";)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await crmState()).toMatchObject({ state: "delivered", attempts: 1 });
    // Several retry periods later: still the one post, and no request for the redirect's target.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(crm.received.map((request) => request.url)).toEqual(["/hooks"]);
  });

  it("cuts each field to web-to-lead's length, without splitting a character", async () => {
    const crm = await receiver({ respond: () => 200 });
    const { app } = await testApp({ CRM_WEB_TO_LEAD_URL: crm.url, CRM_ORG_ID: "00D5g000000TEST" });
    cleanups.push(() => app.close());
    // 39 UTF-16 units, then an emoji across units 40 and 41: first_name keeps 40 at most.
    const first = `Zoë-${"é".repeat(35)}\u{1F469}x`;
    const email = `${"a".repeat(70)}@${"b".repeat(30)}.example`;
    const details = "Grüße ".repeat(800).trim();
    expect((await lead(app, { name: `${first} Lee`, email, subject: "Preise", details })).statusCode).toBe(200);
    expect((await lead(app, { name: "Ł".repeat(100) })).statusCode).toBe(200);
    await waitFor(() => crm.received.length === 2);
    const [one, two] = crm.received.map((request) => Object.fromEntries(new URLSearchParams(request.body)));
    expect(one).toMatchObject({
      encoding: "UTF-8",
      first_name: `Zoë-${"é".repeat(35)}`,
      last_name: "Lee",
      // A cut address would be another one: it goes in the description instead.
      email: "",
      company: `${"b".repeat(30)}.example`,
      description: `E-mail: ${email}\n\nPreise\n\n${details}`,
    });
    expect(two.last_name).toBe("Ł".repeat(80));
  });
});
