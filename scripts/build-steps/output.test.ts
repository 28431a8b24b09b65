import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, htmlFiles, isCompressible, prerenderedPages, urlPathOf } from "./output.ts";

function fakeBuild(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "build-output-"));
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), body);
  }
  return dir;
}

describe("the build output", () => {
  const dir = fakeBuild({
    "index.html": "<p>home</p>",
    "features/index.html": "<p>features</p>",
    "features/billing/index.html": "<p>billing</p>",
    "__spa-fallback.html": "<p>fallback</p>",
    "assets/app-1.js": "x".repeat(300),
    "robots.txt": "User-agent: *",
  });

  it("walks every file at any depth", () => {
    expect([...filesUnder(dir)].map((f) => path.relative(dir, f)).sort()).toEqual(
      [
        "__spa-fallback.html",
        "assets/app-1.js",
        "features/billing/index.html",
        "features/index.html",
        "index.html",
        "robots.txt",
      ].map((f) => f.split("/").join(path.sep)),
    );
  });

  it("names each file by the URL path it is served at", () => {
    expect(urlPathOf("index.html")).toBe("/");
    expect(urlPathOf(path.join("features", "billing", "index.html"))).toBe("/features/billing");
    expect(urlPathOf("robots.txt")).toBe("/robots.txt");
  });

  it("lists the prerendered pages, not the SPA fallback, and fails on a folder without a build", () => {
    expect([...prerenderedPages(dir).keys()].sort()).toEqual(["/", "/features", "/features/billing"]);
    expect(htmlFiles(dir)).toHaveLength(4);
    expect(() => prerenderedPages(fakeBuild({ "robots.txt": "" }))).toThrow(/npm run build/);
  });

  it("compresses text files of 256 bytes or more", () => {
    expect(isCompressible(path.join(dir, "assets/app-1.js"))).toBe(true);
    expect(isCompressible(path.join(dir, "robots.txt"))).toBe(false);
  });
});
