import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { precompress } from "./precompress.ts";

describe("the precompress step", () => {
  it("writes .br and .gz beside text files of 256 bytes or more, once", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "precompress-"));
    const page = "<p>hello</p>".repeat(40);
    writeFileSync(path.join(dir, "index.html"), page);
    writeFileSync(path.join(dir, "robots.txt"), "User-agent: *");
    writeFileSync(path.join(dir, "photo.png"), Buffer.alloc(1000));
    expect(await precompress({ dir, site: loadSiteConfig({}) })).toBe("1 files as .br and .gz");
    expect(brotliDecompressSync(readFileSync(path.join(dir, "index.html.br"))).toString()).toBe(page);
    expect(gunzipSync(readFileSync(path.join(dir, "index.html.gz"))).toString()).toBe(page);
    expect(existsSync(path.join(dir, "robots.txt.br")) || existsSync(path.join(dir, "photo.png.gz"))).toBe(false);
    expect(existsSync(path.join(dir, "index.html.br.br"))).toBe(false);
  });
});
