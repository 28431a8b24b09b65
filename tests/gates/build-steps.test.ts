// The build steps of scripts/build-steps/ over the real build: every page paints first, every
// inline script of a page is in that page's CSP hashes, every compressible file has its .br and .gz.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cspHashesFile, type CspManifest } from "#common/csp-hashes.ts";
import { inlineSources } from "../../scripts/build-steps/csp-hashes.ts";
import { filesUnder, htmlFiles, isCompressible } from "../../scripts/build-steps/output.ts";
import { isPaintFirst } from "../../scripts/build-steps/paint-first.ts";
import { sitePaths } from "../../scripts/site-paths.ts";
import { buildDir, javascriptOf, prerenderedPages } from "./build-output.ts";

const pages = prerenderedPages();
const csp = JSON.parse(readFileSync(path.join(buildDir, cspHashesFile), "utf8")) as CspManifest;

describe("the finished build", () => {
  it("prerenders every page of the route table", async () => {
    expect([...pages.keys()].sort()).toEqual((await sitePaths()).sort());
  });

  it.each(htmlFiles(buildDir).map((file) => path.relative(buildDir, file)))(
    "%s has the paint-first bootstrap",
    (file) => {
      expect(isPaintFirst(readFileSync(path.join(buildDir, file), "utf8"))).toBe(true);
    },
  );

  it.each([...pages])("%s: every inline script's hash is in its CSP", (urlPath, file) => {
    const { scripts } = inlineSources(readFileSync(file, "utf8"));
    expect(scripts.length).toBeGreaterThan(0);
    expect(csp.pages[urlPath]).toEqual(expect.arrayContaining(scripts));
  });

  it("has a .br and a .gz of every compressible file, each the same bytes", () => {
    const files = [...filesUnder(buildDir)].filter((file) => !/\.(br|gz)$/.test(file) && isCompressible(file));
    expect(files.length).toBeGreaterThan(50);
    const missing = files.filter((file) => !existsSync(`${file}.br`) || !existsSync(`${file}.gz`));
    expect(missing.map((file) => path.relative(buildDir, file))).toEqual([]);
    for (const file of files) {
      const body = readFileSync(file);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(body), `${file}.br`).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(body), `${file}.gz`).toBe(true);
    }
  });

  it("ships robots.txt, sitemap.xml, site.webmanifest and favicon.svg from their resource routes, without data twins", async () => {
    for (const file of ["robots.txt", "sitemap.xml", "site.webmanifest", "favicon.svg"]) {
      expect(existsSync(path.join(buildDir, file)), file).toBe(true);
      expect(existsSync(path.join(buildDir, `${file}.data`)), `${file}.data`).toBe(false);
    }
    const sitemap = readFileSync(path.join(buildDir, "sitemap.xml"), "utf8");
    expect(sitemap.match(/<loc>/g)).toHaveLength((await sitePaths()).length);
  });

  // The SSR build's INEFFECTIVE_DYNAMIC_IMPORT warnings are silenced in vite.config.ts because of this.
  it.each([
    ["/", "NewsletterForm"],
    ["/demo-timesheet", "ContactForm"],
  ])("%s loads %s on demand, from a chunk of its own", (urlPath, form) => {
    const loaded = javascriptOf(readFileSync(pages.get(urlPath)!, "utf8")).map((file) => path.basename(file));
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((file) => file.startsWith(`${form}-`))).toEqual([]);
    expect(
      [...filesUnder(path.join(buildDir, "assets"))].some((file) => path.basename(file).startsWith(`${form}-`)),
    ).toBe(true);
  });
});
