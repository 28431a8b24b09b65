// The CDN purge of a publish (purge.ts): the paths it names, and its delivery through the outbox to
// a real HTTP receiver that answers 500 then 200, verified with the standardwebhooks package (not
// our signing code). The purge of a scheduled publish with two instances: instances.test.ts.
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it, vi } from "vitest";
import { testApp } from "../../tests/support/app.ts";
import { hashPassword } from "../console/passwords.ts";
import { httpReceiver } from "../../tests/support/http-receiver.ts";
import { contentPublishing } from "./publishing.ts";
import { purgePathsOf, purgeRef, type PurgeBody } from "./purge.ts";

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("purgePathsOf", () => {
  it("names each page that shows the key in every form a CDN caches it, and its route data", () => {
    expect(purgePathsOf("home-heading")).toEqual(["/", "/index.html", "/_.data"]);
    expect(purgePathsOf("legal/terms")).toEqual(["/terms", "/terms/", "/terms/index.html", "/terms.data"]);
    expect(purgePathsOf("no-such-key")).toEqual([]);
  });
});

describe("the CDN purge of a publish", { timeout: 30_000 }, () => {
  it("goes through the outbox, signed, retried after a 500, once per publish (now and restored)", async () => {
    const receiver = httpReceiver({ respond: (_request, index) => (index === 0 ? 500 : 200) });
    cleanups.push(receiver.close);
    const url = `http://127.0.0.1:${await receiver.listening}/purge`;
    const secret = `whsec_${randomBytes(32).toString("base64")}`;
    const { app } = await testApp({ CDN_PURGE_URL: url, CDN_PURGE_SECRET: secret, CDN_PURGE_DELAY_SECONDS: "0" });
    cleanups.push(() => app.close());
    const publishing = contentPublishing(app.stores.content, (entry) => app.stores.console.audit(entry));
    const editor = () => ({ account: "ann@example.com", address: "test", now: new Date() });

    await publishing.save("about-home", "# About, purged", 0, editor());
    await publishing.publish("about-home", 1, undefined, editor());
    const state = async (version: number) => (await app.stores.outbox.deliveries([purgeRef("about-home", version)]))[0];
    await vi.waitFor(async () => expect((await state(1))?.state).toBe("delivered"), { timeout: 20_000, interval: 20 });
    expect(await state(1)).toMatchObject({ channel: "http", target: url, what: "cdn.purge", attempts: 2 });
    expect(receiver.received).toHaveLength(2);
    const ids = receiver.received.map((request) => request.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(1);
    for (const request of receiver.received) {
      const body = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as PurgeBody;
      expect(body).toEqual({
        type: "cdn.purge",
        timestamp: expect.any(String),
        data: {
          key: "about-home",
          version: 1,
          paths: ["/about", "/about/", "/about/index.html", "/about.data"],
          urls: ["/about", "/about/", "/about/index.html", "/about.data"].map(
            (path) => new URL(path, app.config.site.siteUrl).href,
          ),
        },
      });
    }
    expect(() =>
      new Webhook(`whsec_${randomBytes(32).toString("base64")}`).verify(
        receiver.received[0].body,
        receiver.received[0].headers as Record<string, string>,
      ),
    ).toThrow();

    // The console's editor shows where the published version's purge stands.
    const passwordHash = await hashPassword("plum-kettle-orbit-47");
    await app.stores.console.addAccount({ email: "ed@example.com", role: "editor", passwordHash }, new Date());
    const same = { origin: "https://www.tallyway.example", "sec-fetch-site": "same-origin" };
    const session = await app.inject({
      method: "POST",
      url: "/admin/api/session",
      headers: same,
      payload: { email: "ed@example.com", password: "plum-kettle-orbit-47" },
    });
    const cookie = String(session.headers["set-cookie"]).split(";")[0];
    const entry = await app.inject({ url: "/admin/api/content/entry?key=about-home", headers: { ...same, cookie } });
    expect(entry.json().purge).toMatchObject({ what: "cdn.purge", state: "delivered", attempts: 2, lastError: null });

    // A restore is a draft: no purge until it is published, then one.
    await publishing.save("about-home", "# About, second", 1, editor());
    await publishing.restore("about-home", 1, editor());
    expect(await state(3)).toBeUndefined();
    await publishing.publish("about-home", 3, undefined, editor());
    await vi.waitFor(async () => expect((await state(3))?.state).toBe("delivered"), { timeout: 20_000, interval: 20 });
    expect(receiver.received).toHaveLength(3);
    expect(JSON.parse(receiver.received[2].body).data.version).toBe(3);
    // The backlog lists only kinds with open or given-up entries: none is left.
    expect((await app.stores.outbox.backlog()).find((row) => row.kind === "purge")).toBeUndefined();
  });

  it("is queued for the delay, so every instance serves the new page before the CDN fetches it again", async () => {
    const secret = `whsec_${randomBytes(32).toString("base64")}`;
    const { app } = await testApp({ CDN_PURGE_URL: "http://127.0.0.1:9/purge", CDN_PURGE_SECRET: secret });
    cleanups.push(() => app.close());
    const publishing = contentPublishing(app.stores.content, (entry) => app.stores.console.audit(entry));
    const now = new Date();
    await publishing.save("legal/terms", "## Terms", 0, { account: "a@example.com", address: "t", now });
    await publishing.publish("legal/terms", 1, undefined, { account: "a@example.com", address: "t", now });
    const [queued] = await app.stores.outbox.deliveries([purgeRef("legal/terms", 1)]);
    expect(Date.parse(queued.nextAttemptAt!) - now.getTime()).toBe(5000);
    const open = (await app.stores.outbox.backlog()).find((row) => row.kind === "purge");
    expect(open).toMatchObject({ open: 1, retrying: 0 });
  });
});
