// The render a publish makes before it answers, on the real build (npm run build first) and a real
// SQLite store: a version whose page does not render is refused naming the page and the placeholder;
// another key's text that no server can render is no reason to refuse a good one; no build, no check.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStores, type Stores } from "../stores.ts";
import { ContentUnrenderable, renderCheckOf } from "./render-check.ts";

const buildDir = path.resolve("build/client");
let stores: Stores;
const post = (title: string, body: string) =>
  JSON.stringify([
    { title, summary: "S.", body, cover: "", coverAlt: "", author: "Ann", tags: "", date: "2026-03-02" },
  ]);
const by = { account: "ann@example.com", baseVersion: 0, now: new Date() };

beforeAll(async () => {
  if (!existsSync(path.resolve("build/server/index.js")))
    throw new Error('No build: run "npm run build" before this test');
  stores = await openStores({ dataDir: mkdtempSync(path.join(tmpdir(), "render-check-")) });
}, 60_000);
afterAll(() => stores?.close());

describe("renderCheckOf", { timeout: 60_000 }, () => {
  it("refuses a version whose page does not render, naming the page and the placeholder", async () => {
    const check = renderCheckOf(buildDir, stores.content);
    expect(await check("about-home", 1, "# About {{brand}}")).toBe("rendered");
    const refused = check("about-home", 2, "# About {{constructor}}");
    await expect(refused).rejects.toBeInstanceOf(ContentUnrenderable);
    await expect(refused).rejects.toThrow(
      /^"about-home" version 2 is not published: \/about(\.data)? cannot be rendered: .*unknown placeholder \{\{constructor\}\} on line 1\. Nothing was published\.$/,
    );
  });

  it("passes a good post while another published post cannot be rendered", async () => {
    await stores.content.save("post/broken", post("Broken", "hello {{nope}}"), by);
    await stores.content.publish("post/broken", 1, by);
    const check = renderCheckOf(buildDir, stores.content);
    expect(await check("post/fine", 1, post("Fine", "All well."))).toBe("rendered");
    await expect(check("post/also-broken", 1, post("Also", "{{nope}}"))).rejects.toThrow(
      "unknown placeholder {{nope}}",
    );
  });

  it("says there is no build to render with", async () => {
    const check = renderCheckOf(mkdtempSync(path.join(tmpdir(), "no-build-")), stores.content);
    expect(await check("about-home", 1, "# {{nope}}")).toBe("no-build");
  });
});
