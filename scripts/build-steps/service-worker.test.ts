import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { serviceWorker } from "./service-worker.ts";

describe("the serviceWorker step", () => {
  it("precaches pages under the URLs they are served at, and assets, but not the fallback or compressed copies", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "service-worker-"));
    mkdirSync(path.join(dir, "features"));
    mkdirSync(path.join(dir, "assets"));
    for (const file of [
      "index.html",
      "features/index.html",
      "__spa-fallback.html",
      "assets/app-1.js",
      "assets/app-1.js.br",
      "site.webmanifest",
    ])
      writeFileSync(path.join(dir, file), "x");
    expect(await serviceWorker({ dir, site: loadSiteConfig({}) })).toMatch(
      /^sw\.js \(\d+ B\) precaches 4 files, 0 KB$/,
    );
    const sw = readFileSync(path.join(dir, "sw.js"), "utf8");
    const precached = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]);
    expect(precached.sort()).toEqual(["/", "assets/app-1.js", "features", "site.webmanifest"]);
    expect(existsSync(path.join(dir, "sw.src.js"))).toBe(false);
  }, 30_000);
});
