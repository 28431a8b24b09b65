// The _headers file for a CDN gives every file of the build the headers the server sends with it.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { fixtureBuild, testApp } from "../tests/support/app.ts";
import { cdnHeaders } from "./cdn-headers.ts";
import { loadServerConfig } from "./config.ts";

/** Rules of a _headers file: pattern → header (lower-case name) → value. */
function parseHeadersFile(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | undefined;
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    if (!line.startsWith(" ")) rules.set(line, (current = {}));
    else {
      const [, name, value] = /^\s+([^:]+): (.*)$/.exec(line)!;
      current![name.toLowerCase()] = value;
    }
  }
  return rules;
}

describe("cdnHeaders", () => {
  const buildDir = fixtureBuild({
    "index.html": "<!DOCTYPE html><title>Home</title><script>window.home = 1</script>",
    "features/index.html": "<!DOCTYPE html><title>Features</title><script>window.features = 2</script>",
    "assets/entry-abc123.js": "console.log(1)",
    "robots.txt": "User-agent: *",
  });
  const config = loadServerConfig({ BUILD_DIR: buildDir });

  it("gives each file the Content-Security-Policy and Cache-Control the server sends, and every path the common headers once", async () => {
    const rules = parseHeadersFile(cdnHeaders(config.site, buildDir));
    const { app } = await testApp({ BUILD_DIR: buildDir });
    try {
      const common = rules.get("/*")!;
      expect(common["content-security-policy"]).toBeUndefined();
      for (const [pattern, url] of [
        ["/", "/"],
        ["/features", "/features"],
        ["/features/", "/features"],
        ["/assets/*", "/assets/entry-abc123.js"],
        ["/robots.txt", "/robots.txt"],
      ]) {
        const served = await app.inject({ url });
        expect(served.statusCode, url).toBe(200);
        const rule = rules.get(pattern)!;
        expect(rule, pattern).toBeDefined();
        const given = { ...common, ...rule };
        for (const name of [
          "content-security-policy",
          "cache-control",
          "strict-transport-security",
          "x-content-type-options",
          "x-frame-options",
        ])
          expect(given[name], `${pattern} ${name}`).toBe(served.headers[name]);
      }
      // Two pages, two policies: each names its own script's hash.
      expect(rules.get("/")!["content-security-policy"]).not.toBe(rules.get("/features")!["content-security-policy"]);
    } finally {
      await app.close();
    }
  });

  it("is written by npm run cdn-headers", () => {
    const out = execFileSync(process.execPath, ["server/cli/cdn-headers.ts", "--build-dir", buildDir], {
      env: { ...process.env },
    }).toString();
    expect(out).toBe(cdnHeaders(config.site, buildDir));
  });
});
