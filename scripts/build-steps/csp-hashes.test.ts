import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildCspManifest, inlineSources } from "./csp-hashes.ts";

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
    expect(inlineSources(`<body><script>document.body.innerHTML = '<p style="x">'</script><p>plain</p></body>`).styleAttributes).toBe(false);
  });

  it("keeps hashes per page", () => {
    const manifest = buildCspManifest([
      ["/", "<script>one()</script>"],
      ["/features", "<script>two()</script><p style='a'></p>"],
    ]);
    expect(manifest).toEqual({ pages: { "/": [hash("one()")], "/features": [hash("two()")] }, styles: [], styleAttributes: true });
  });
});
