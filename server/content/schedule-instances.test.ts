// A scheduled publish with two real server processes on one PostgreSQL serving the real build (npm
// run build first), both checking every second and both sending CDN purges to one real receiver:
// the page changes on both at its time, and the publish is made once (one audit entry, one purge,
// verified with the standardwebhooks package), not once per instance. A publish made now by
// another process (as `npm run content` does) is purged once too.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { httpReceiver } from "../../tests/support/http-receiver.ts";
import { startServer, type RunningServer } from "../../tests/support/server.ts";
import { testPostgres } from "../../tests/support/services.ts";
import { openEngine } from "../db/engine.ts";
import { storesOn, type Stores } from "../stores.ts";
import { contentPublishing } from "./publishing.ts";
import { purgeRef, purgeRequests, type PurgeBody } from "./purge.ts";

let postgres: Awaited<ReturnType<typeof testPostgres>>;
/** The test's own connection: it schedules without a purge of its own, so the purge is an instance's. */
let stores: Stores;
/** Another process that publishes (as `npm run content` does), with the servers' CDN_PURGE_* settings. */
let publisher: Stores;
const servers: RunningServer[] = [];
const receiver = httpReceiver();
const secret = `whsec_${randomBytes(32).toString("base64")}`;

beforeAll(async () => {
  if (!existsSync(path.resolve("build/server/index.js")))
    throw new Error('No build: run "npm run build" before this test');
  postgres = await testPostgres();
  const databaseUrl = await postgres.databaseUrl();
  stores = storesOn(await openEngine({ databaseUrl, dataDir: "" }));
  const purgeUrl = `http://127.0.0.1:${await receiver.listening}/purge`;
  const cdnPurge = { url: purgeUrl, secret, delaySeconds: 0, siteUrl: "https://www.tallyway.example" };
  publisher = storesOn(await openEngine({ databaseUrl, dataDir: "" }), purgeRequests(cdnPurge));
  const env = {
    BUILD_DIR: path.resolve("build/client"),
    DATABASE_URL: databaseUrl,
    CONTENT_CHECK_SECONDS: "1",
    CDN_PURGE_URL: purgeUrl,
    CDN_PURGE_SECRET: secret,
    CDN_PURGE_DELAY_SECONDS: "0",
  };
  servers.push(...(await Promise.all([startServer(env), startServer(env)])));
}, 90_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await stores?.close();
  await publisher?.close();
  await postgres?.stop();
  await receiver.close();
}, 60_000);

const shows = async (server: RunningServer, urlPath: string, text: string) =>
  (await (await fetch(`${server.url}${urlPath}`)).text()).includes(text);
const purgeRows = async (ref: string) =>
  (await stores.outbox.deliveries([ref])).filter((row) => row.what === "cdn.purge");
const purgesOf = (key: string) =>
  receiver.received
    .map((request) => new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as PurgeBody)
    .filter((body) => body.data.key === key);

describe("publishing with two instances on one PostgreSQL", { timeout: 60_000 }, () => {
  it("a scheduled publish goes out at its time on both instances, once", async () => {
    const [a, b] = servers;
    const text = "Terms that start on the hour";
    const publishing = contentPublishing(stores.content, (entry) => stores.console.audit(entry));
    const editor = { account: "ann@example.com", address: "test", now: new Date() };
    await publishing.save("legal/terms", `## ${text}\n\nFrom now on.`, 0, editor);
    const at = new Date(Date.now() + 4000);
    await publishing.publish("legal/terms", 1, at, { ...editor, now: new Date() });
    // Not before its time: neither instance shows it while the schedule waits.
    expect(await shows(a, "/terms", text)).toBe(false);
    expect(await shows(b, "/terms", text)).toBe(false);
    for (const server of [a, b])
      await vi.waitFor(async () => expect(await shows(server, "/terms", text)).toBe(true), {
        timeout: 20_000,
        interval: 50,
      });
    expect(await shows(b, "/terms.data", text)).toBe(true);

    const [state] = (await stores.content.states()).filter((row) => row.key === "legal/terms");
    expect(state).toMatchObject({ publishedVersion: 1, publishedBy: "ann@example.com", scheduledVersion: null });
    expect(Date.parse(state.publishedAt!)).toBeGreaterThanOrEqual(at.getTime());
    const log = await stores.console.auditLog({ offset: 0, limit: 50 });
    expect(log.filter((entry) => entry.action === "content-publish").map((entry) => entry.detail)).toEqual([
      "legal/terms version 1 (scheduled)",
    ]);
    // One purge row, sent once; the other instance's claim queued nothing.
    await vi.waitFor(async () => expect((await purgeRows(purgeRef("legal/terms", 1)))[0]?.state).toBe("delivered"), {
      timeout: 20_000,
      interval: 50,
    });
    expect(await purgeRows(purgeRef("legal/terms", 1))).toHaveLength(1);
    expect(purgesOf("legal/terms").map((body) => [body.data.version, body.data.paths])).toEqual([
      [1, ["/terms", "/terms/", "/terms/index.html", "/terms.data"]],
    ]);
    for (const server of servers) expect(server.output()).not.toMatch(/unhandled|uncaught/i);
  });

  it("a publish made now by another process is purged once, by whichever instance's outbox takes it", async () => {
    const text = "About us, purged once";
    const publishing = contentPublishing(publisher.content, (entry) => publisher.console.audit(entry));
    const editor = { account: "ann@example.com", address: "cli@test", now: new Date() };
    await publishing.save("about-home", `# ${text}`, 0, editor);
    await publishing.publish("about-home", 1, undefined, editor);
    for (const server of servers)
      await vi.waitFor(async () => expect(await shows(server, "/about", text)).toBe(true), {
        timeout: 20_000,
        interval: 50,
      });
    await vi.waitFor(async () => expect((await purgeRows(purgeRef("about-home", 1)))[0]?.state).toBe("delivered"), {
      timeout: 20_000,
      interval: 50,
    });
    expect(await purgeRows(purgeRef("about-home", 1))).toHaveLength(1);
    expect(purgesOf("about-home")).toHaveLength(1);
  });
});
