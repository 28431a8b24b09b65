import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cspHashesFile } from "#common/csp-hashes.ts";
import { loadSiteConfig } from "#common/site.ts";
import { buildCspManifest, cspHashes, inlineSources } from "./csp-hashes.ts";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineSources", () => {
  it("hashes inline scripts, skips external scripts and data blocks, and notices style attributes", () => {
    const html = `<html><head><script>window.a = 1;</script><script type="module" async="">import "/x.js";</script>
      <script src="/assets/app.js"></script><script type="application/ld+json">{"@type":"Thing"}</script>
      <style>p{color:red}</style></head><body><div style="max-width:640px"></div><script>window.a = 1;</script></body></html>`;
    expect(inlineSources(html)).toEqual({
      scripts: [hash("window.a = 1;"), hash('import "/x.js";')],
      styles: [hash("p{color:red}")],
      styleAttributes: true,
    });
  });

  it("does not take text inside scripts for a style attribute", () => {
    expect(
      inlineSources(`<body><script>document.body.innerHTML = '<p style="x">'</script><p>plain</p></body>`)
        .styleAttributes,
    ).toBe(false);
  });

  it("keeps hashes per page", () => {
    const manifest = buildCspManifest([
      ["/", "<script>one()</script>"],
      ["/features", "<script>two()</script><p style='a'></p>"],
    ]);
    expect(manifest).toEqual({
      pages: { "/": [hash("one()")], "/features": [hash("two()")] },
      styles: [],
      styleAttributes: true,
    });
  });
});

describe("the cspHashes step", () => {
  it("writes every prerendered page's hashes, and not the SPA fallback's", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "csp-hashes-"));
    mkdirSync(path.join(dir, "features"));
    writeFileSync(path.join(dir, "index.html"), "<script>one()</script>");
    writeFileSync(path.join(dir, "features", "index.html"), "<script>two()</script>");
    writeFileSync(path.join(dir, "__spa-fallback.html"), "<script>three()</script>");
    expect(await cspHashes({ dir, site: loadSiteConfig({}) })).toBe(`${cspHashesFile} (2 pages)`);
    expect(JSON.parse(readFileSync(path.join(dir, cspHashesFile), "utf8")).pages).toEqual({
      "/": [hash("one()")],
      "/features": [hash("two()")],
    });
  });
});
