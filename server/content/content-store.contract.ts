// The content store's contract (store.ts), run on SQLite and PostgreSQL by stores.contract.test.ts
// with two sets of stores on one database, as two server instances have them.
import { describe, expect, it } from "vitest";
import type { EngineStores } from "../stores.ts";
import { contentPublishing } from "./publishing.ts";
import { ContentConflict, ContentRefused } from "./store.ts";
import type { WithFixture } from "../../tests/support/contract.ts";

export interface ContentContractFixture {
  a: EngineStores;
  b: EngineStores;
}

const t0 = new Date("2026-03-09T10:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const by = (account: string, now = t0) => ({ account, baseVersion: 0, now });

export function describeContentStoreContract(withFixture: WithFixture<ContentContractFixture>): void {
  describe("ContentStore", () => {
    it(
      "keeps every save as a version with its account, time and base; history is newest first",
      withFixture(async ({ a, b }) => {
        expect(await a.content.save("home-heading", "# One", by("ann@example.com"))).toMatchObject({
          version: 1,
          baseVersion: 0,
        });
        await b.content.save("home-heading", "# Two", { account: "bob@example.com", baseVersion: 1, now: at(1000) });
        expect(await a.content.history("home-heading")).toEqual([
          {
            key: "home-heading",
            version: 2,
            body: "# Two",
            account: "bob@example.com",
            createdAt: at(1000).toISOString(),
            baseVersion: 1,
          },
          {
            key: "home-heading",
            version: 1,
            body: "# One",
            account: "ann@example.com",
            createdAt: t0.toISOString(),
            baseVersion: 0,
          },
        ]);
        expect((await b.content.version("home-heading"))?.version).toBe(2);
        expect((await b.content.version("home-heading", 1))?.body).toBe("# One");
        expect(await b.content.version("home-heading", 3)).toBeUndefined();
      }),
    );

    it(
      "refuses the second of two saves on one base, also when both race, and loses neither text",
      withFixture(async ({ a, b }) => {
        await a.content.save("about-home", "v1", by("ann@example.com"));
        const racing = await Promise.allSettled([
          a.content.save("about-home", "ann's", { account: "ann@example.com", baseVersion: 1, now: at(1) }),
          b.content.save("about-home", "bob's", { account: "bob@example.com", baseVersion: 1, now: at(2) }),
        ]);
        expect(racing.filter((r) => r.status === "fulfilled")).toHaveLength(1);
        const refused = racing.find((r) => r.status === "rejected") as PromiseRejectedResult;
        expect(refused.reason).toBeInstanceOf(ContentConflict);
        expect(refused.reason.message).toMatch(
          /you started from version 1, but the newest is version 2 .*Nothing was saved/,
        );
        const winner = (await a.content.version("about-home"))!;
        expect(winner.version).toBe(2);
        expect(["ann's", "bob's"]).toContain(winner.body);
        // A save on a stale base is refused before it writes anything.
        await expect(
          b.content.save("about-home", "late", { account: "bob@example.com", baseVersion: 1, now: at(3) }),
        ).rejects.toThrow(ContentConflict);
        expect((await a.content.history("about-home")).map((v) => v.version)).toEqual([2, 1]);
      }),
    );

    it(
      "keeps a draft apart from what is published; each publish moves the counter",
      withFixture(async ({ a, b }) => {
        const before = await a.content.generation();
        await a.content.save("blog-home", "published", by("ann@example.com"));
        await a.content.publish("blog-home", 1, { account: "ann@example.com", now: at(1) });
        await a.content.save("blog-home", "draft", { account: "bob@example.com", baseVersion: 1, now: at(2) });
        const published = await b.content.published();
        expect(published.bodies.get("blog-home")).toEqual({ version: 1, body: "published" });
        expect(published.generation).toBe(before + 1);
        expect(await b.content.states()).toEqual([
          expect.objectContaining({
            key: "blog-home",
            latestVersion: 2,
            latestBy: "bob@example.com",
            publishedVersion: 1,
            publishedBy: "ann@example.com",
            publishedAt: at(1).toISOString(),
            scheduledVersion: null,
          }),
        ]);
        await expect(a.content.publish("blog-home", 9, { account: "ann@example.com", now: at(3) })).rejects.toThrow(
          ContentRefused,
        );
      }),
    );

    it(
      "publishes a schedule once when it is due, on one instance of two",
      withFixture(async ({ a, b }) => {
        await a.content.save("legal/terms", "# Terms v1", by("ann@example.com"));
        await a.content.schedule("legal/terms", 1, at(60_000), { account: "ann@example.com", now: t0 });
        expect(await b.content.publishDue(at(59_999))).toEqual([]);
        expect((await a.content.states())[0]).toMatchObject({
          scheduledVersion: 1,
          scheduledAt: at(60_000).toISOString(),
        });
        const claims = await Promise.all([a.content.publishDue(at(60_000)), b.content.publishDue(at(60_001))]);
        expect(claims.flat()).toEqual([{ key: "legal/terms", version: 1, account: "ann@example.com" }]);
        expect(await a.content.publishDue(at(120_000))).toEqual([]);
        expect((await b.content.published()).bodies.get("legal/terms")).toEqual({ version: 1, body: "# Terms v1" });
        expect((await b.content.states())[0]).toMatchObject({
          publishedVersion: 1,
          publishedBy: "ann@example.com",
          scheduledVersion: null,
        });
      }),
    );

    it(
      "writes every save, publish, schedule and restore to the audit log with the account; a restore is a new version",
      withFixture(async ({ a, b }) => {
        const editor = { account: "ann@example.com", address: "cli@host", now: t0 };
        const publishing = contentPublishing(a.content, (entry) => a.console.audit(entry));
        await publishing.save("products-home", "# First", 0, editor);
        await publishing.save("products-home", "# Second", 1, { ...editor, now: at(1) });
        await publishing.publish("products-home", undefined, undefined, { ...editor, now: at(2) });
        await publishing.publish("products-home", 1, at(60_000), { ...editor, now: at(3) });
        const restored = await publishing.restore("products-home", 1, {
          ...editor,
          account: "bob@example.com",
          now: at(4),
        });
        expect(restored).toMatchObject({ version: 3, body: "# First", baseVersion: 2, account: "bob@example.com" });
        await contentPublishing(b.content, (entry) => b.console.audit(entry)).publishDue("server@b", at(60_000));
        const log = await b.console.auditLog({ offset: 0, limit: 20 });
        expect(log.map(({ account, action, detail }) => [account, action, detail]).reverse()).toEqual([
          ["ann@example.com", "content-save", "products-home version 1"],
          ["ann@example.com", "content-save", "products-home version 2"],
          ["ann@example.com", "content-publish", "products-home version 2"],
          ["ann@example.com", "content-schedule", `products-home version 1 at ${at(60_000).toISOString()}`],
          ["bob@example.com", "content-restore", "products-home version 3 from version 1"],
          ["ann@example.com", "content-publish", "products-home version 1 (scheduled)"],
        ]);
        await expect(publishing.save("products-home", "[x](javascript:alert(1))", 3, editor)).rejects.toThrow(
          /javascript:/,
        );
        await expect(publishing.save("no-such-key", "text", 0, editor)).rejects.toThrow(/Unknown content key/);
      }),
    );

    it(
      "cancels a schedule from any instance, audited; a schedule already published is not cancelled",
      withFixture(async ({ a, b }) => {
        const editor = { account: "ann@example.com", address: "cli@host", now: t0 };
        const publishing = contentPublishing(a.content, (entry) => a.console.audit(entry));
        const other = contentPublishing(b.content, (entry) => b.console.audit(entry));
        await publishing.save("products-home", "First text.", 0, editor);
        await publishing.save("products-home", "Second text.", 1, editor);
        await publishing.publish("products-home", 1, undefined, editor);
        await publishing.publish("products-home", 2, at(60_000), editor);
        expect(await other.unschedule("products-home", { ...editor, now: at(1) })).toEqual({
          version: 2,
          at: at(60_000).toISOString(),
        });
        // Nothing comes when its time passes; what was published stays.
        expect(await a.content.publishDue(at(60_000))).toEqual([]);
        expect(await a.content.states()).toContainEqual(
          expect.objectContaining({ key: "products-home", publishedVersion: 1, scheduledVersion: null }),
        );
        await expect(other.unschedule("products-home", editor)).rejects.toThrow(ContentRefused);
        const log = await b.console.auditLog({ offset: 0, limit: 1 });
        expect(log.map(({ action, detail }) => [action, detail])).toEqual([
          ["content-unschedule", `products-home version 2, was due at ${at(60_000).toISOString()}`],
        ]);
        // Claimed first by the publishing instance: published, and there is nothing left to cancel.
        await publishing.publish("products-home", 2, at(120_000), editor);
        expect((await b.content.publishDue(at(120_000))).map(({ version }) => version)).toEqual([2]);
        expect(await a.content.unschedule("products-home")).toBeUndefined();
      }),
    );

    it(
      "keeps each account's text as typed apart from the versions, unaudited; a save or restore clears it",
      withFixture(async ({ a, b }) => {
        const ann = { account: "ann@example.com", address: "cli@host", now: t0 };
        const publishing = contentPublishing(a.content, (entry) => a.console.audit(entry));
        expect(await publishing.autosave("home-heading", "# Ha", 0, ann)).toEqual({ savedAt: t0.toISOString() });
        await publishing.autosave("home-heading", "# Half", 0, { ...ann, now: at(2000) });
        await b.content.autosave("home-heading", "bob@example.com", {
          body: "# Bob's",
          baseVersion: 0,
          savedAt: at(1000).toISOString(),
        });
        await b.content.autosave("post/begun", "ann@example.com", {
          body: "[]",
          baseVersion: 0,
          savedAt: at(3000).toISOString(),
        });
        // Read from the other instance: the newest text replaced the first, per account and key.
        expect(await b.content.autosaved("home-heading", "ann@example.com")).toEqual({
          body: "# Half",
          baseVersion: 0,
          savedAt: at(2000).toISOString(),
        });
        expect((await b.content.autosavesOf("ann@example.com")).map(({ key }) => key)).toEqual([
          "home-heading",
          "post/begun",
        ]);
        expect(await a.content.history("home-heading")).toEqual([]);
        expect(await a.console.auditLog({ offset: 0, limit: 10 })).toEqual([]);
        // Saved as a version: Ann's kept text goes, Bob's stays.
        await publishing.save("home-heading", "# Half done", 0, { ...ann, now: at(4000) });
        expect(await a.content.autosaved("home-heading", "ann@example.com")).toBeUndefined();
        expect(await a.content.autosaved("home-heading", "bob@example.com")).toMatchObject({ body: "# Bob's" });
        await publishing.autosave("home-heading", "# Half done, and more", 1, ann);
        await publishing.restore("home-heading", 0, ann, "# The original");
        expect(await a.content.autosaved("home-heading", "ann@example.com")).toBeUndefined();
        await b.content.discardAutosave("post/begun", "ann@example.com");
        expect(await a.content.autosavesOf("ann@example.com")).toEqual([]);
        // No text is refused as typed but one over the size any save takes.
        await expect(publishing.autosave("home-heading", "x".repeat(200_001), 0, ann)).rejects.toThrow(ContentRefused);
      }),
    );

    it(
      "unpublishes a post on every instance: it leaves what is published, its schedule too, and is audited",
      withFixture(async ({ a, b }) => {
        const editor = { account: "ann@example.com", address: "cli@host", now: t0 };
        const publishing = contentPublishing(a.content, (entry) => a.console.audit(entry));
        const post = [{ title: "Hello", summary: "A first post.", body: "Words.", author: "Ann", date: "2026-03-09" }];
        await publishing.save("post/hello", JSON.stringify(post), 0, editor);
        await publishing.save("post/hello", JSON.stringify([{ ...post[0], title: "Hello again" }]), 1, editor);
        await publishing.publish("post/hello", 1, undefined, editor);
        await publishing.publish("post/hello", 2, at(60_000), editor);
        const before = await b.content.generation();
        expect((await b.content.published()).bodies.get("post/hello")?.version).toBe(1);
        await publishing.unpublish("post/hello", { ...editor, now: at(1) });
        expect(await b.content.generation()).toBeGreaterThan(before);
        expect((await b.content.published()).bodies.has("post/hello")).toBe(false);
        // The schedule went with it: nothing comes back when its time passes.
        expect(await b.content.publishDue(at(60_000))).toEqual([]);
        expect(await b.content.states()).toContainEqual(
          expect.objectContaining({
            key: "post/hello",
            latestVersion: 2,
            publishedVersion: null,
            scheduledVersion: null,
          }),
        );
        await expect(publishing.unpublish("post/hello", editor)).rejects.toThrow(ContentRefused);
        const log = await b.console.auditLog({ offset: 0, limit: 1 });
        expect(log.map(({ action, detail }) => [action, detail])).toEqual([["content-unpublish", "post/hello"]]);
      }),
    );
  });
}
