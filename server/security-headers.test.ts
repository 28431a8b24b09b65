import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspHashesFile } from "#common/csp-hashes.ts";
import { loadSiteConfig } from "#common/site.ts";
import { buildCspManifest } from "../scripts/build-steps/csp-hashes.ts";
import { fixtureBuild, testApp } from "../tests/support/app.ts";
import { buildApp } from "./app.ts";
import { loadServerConfig } from "./config.ts";
import { allowedOrigins, consolePolicy, pagePolicy } from "./security-headers.ts";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `));

describe("the console policy", () => {
  it("allows images from this origin, and from the image host when one is set (the content preview's uploads)", () => {
    const manifest = { styles: [], styleAttributes: false };
    expect(directive(consolePolicy([], manifest), "img-src")).toBe("img-src 'self' data:");
    expect(directive(consolePolicy([], manifest, "https://img.example.com/cdn/"), "img-src")).toBe(
      "img-src 'self' data: https://img.example.com",
    );
    expect(directive(consolePolicy([], manifest, "https://img.example.com"), "connect-src")).toBe("connect-src 'self'");
  });
});

describe("the page policy", () => {
  const site = loadSiteConfig({});

  it("allows only the configured services and never inline scripts", () => {
    const policy = pagePolicy(site, [hash("one()")], { styles: [], styleAttributes: true });
    expect(directive(policy, "script-src")).toBe(`script-src 'self' ${hash("one()")} https://www.youtube.com`);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(directive(policy, "style-src")).toBe("style-src 'self'");
    expect(directive(policy, "style-src-attr")).toBe("style-src-attr 'unsafe-inline'");
    expect(directive(policy, "frame-src")).toBe(
      "frame-src https://www.youtube-nocookie.com https://schedule.tallyway.example https://slides.tallyway.example",
    );
    expect(directive(policy, "img-src")).toBe("img-src 'self' data:");
    const withThumbs = pagePolicy(loadSiteConfig({ VIDEO_THUMB_HOST: "https://i.ytimg.com/vi" }), [], {
      styles: [],
      styleAttributes: true,
    });
    expect(directive(withThumbs, "img-src")).toBe("img-src 'self' data: https://i.ytimg.com");
    expect(directive(policy, "connect-src")).toBe(
      "connect-src 'self' https://schedule.tallyway.example https://slides.tallyway.example",
    );
    for (const fixed of [
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "default-src 'self'",
    ])
      expect(policy).toContain(fixed);
  });

  it("forbids style attributes when no page has one", () => {
    expect(directive(pagePolicy(site, [], { styles: [], styleAttributes: false }), "style-src-attr")).toBe(
      "style-src-attr 'none'",
    );
  });

  it("adds the server, RUM, image and analytics hosts only when they are configured", () => {
    const configured = loadSiteConfig({
      SERVER_BASE_URL: "https://api.example.com/base",
      RUM_HOST: "https://rum.example.com",
      IMAGE_HOST: "https://img.example.com/site",
      GA_MEASUREMENT_ID: "G-TEST123",
      VIDEO_HOST: "https://player.example.com",
      VIDEO_THUMB_HOST: "https://i.ytimg.com/vi",
    });
    const origins = allowedOrigins(configured);
    expect(origins.connect).toEqual([
      "https://api.example.com",
      "https://rum.example.com",
      "https://schedule.tallyway.example",
      "https://slides.tallyway.example",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://*.googletagmanager.com",
    ]);
    expect(origins.img).toEqual([
      "https://img.example.com",
      "https://i.ytimg.com",
      "https://rum.example.com",
      "https://*.google-analytics.com",
      "https://*.googletagmanager.com",
    ]);
    expect(origins.form).toEqual(["https://api.example.com"]);
    // A video service that is not YouTube has no player API script on www.youtube.com.
    expect(origins.script).toEqual(["https://www.googletagmanager.com"]);
    expect(allowedOrigins(site).script).toEqual(["https://www.youtube.com"]);
  });
});

describe("headers on every response", () => {
  const buildDir = mkdtempSync(path.join(tmpdir(), "csp-build-"));
  const homeScript = "window.__ctx = {};";
  let app: FastifyInstance;
  beforeAll(async () => {
    mkdirSync(path.join(buildDir, "features"), { recursive: true });
    mkdirSync(path.join(buildDir, "assets"), { recursive: true });
    writeFileSync(
      path.join(buildDir, "index.html"),
      `<!DOCTYPE html><title>Home</title><script>${homeScript}</script>`,
    );
    writeFileSync(
      path.join(buildDir, "features", "index.html"),
      "<!DOCTYPE html><title>Features</title><script>features()</script>",
    );
    writeFileSync(path.join(buildDir, "assets", "entry-abc.js"), "console.log(1)");
    writeFileSync(
      path.join(buildDir, cspHashesFile),
      JSON.stringify(
        buildCspManifest([
          ["/", `<script>${homeScript}</script>`],
          ["/features", "<script>features()</script>"],
        ]),
      ),
    );
    app = await buildApp({
      config: loadServerConfig({ BUILD_DIR: buildDir, DATA_DIR: path.join(buildDir, "..", "data") }),
    });
  });
  afterAll(() => app.close());

  it("sends each page its own script hashes", async () => {
    const home = await app.inject({ url: "/" });
    expect(directive(String(home.headers["content-security-policy"]), "script-src")).toBe(
      `script-src 'self' ${hash(homeScript)} https://www.youtube.com`,
    );
    const features = await app.inject({ url: "/features/?ref=x" });
    expect(directive(String(features.headers["content-security-policy"]), "script-src")).toContain(hash("features()"));
    expect(features.headers["content-security-policy"]).not.toContain(hash(homeScript));
  });

  it("does not serve the hash manifest itself", async () => {
    expect((await app.inject({ url: `/${cspHashesFile}` })).statusCode).toBe(302);
  });

  it.each([
    ["a page", "/", 200],
    ["an asset", "/assets/entry-abc.js", 200],
    ["the health check", "/healthz", 200],
    ["a redirect", "/no/such/page", 302],
    ["a missing asset", "/assets/gone.js", 404],
    ["a malformed path", "/%E0%A4%A", 400],
  ])("adds the common headers to %s", async (_name, url, status) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["permissions-policy"]).toContain("camera=()");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("gives non-HTML answers a policy that allows nothing", async () => {
    const asset = await app.inject({ url: "/assets/entry-abc.js" });
    expect(asset.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  // It used to hash the pages itself, which would hide a build whose last step did not run.
  it("refuses to start when the build has no manifest", async () => {
    const bare = mkdtempSync(path.join(tmpdir(), "csp-bare-"));
    writeFileSync(path.join(bare, "index.html"), "<!DOCTYPE html><script>bare()</script>");
    await expect(
      buildApp({ config: loadServerConfig({ BUILD_DIR: bare, DATA_DIR: path.join(bare, "..", "data") }) }),
    ).rejects.toThrow(new RegExp(`No ${cspHashesFile} in .*npm run build`));
  });
});

describe("the service worker's own policy", () => {
  it("lets /sw.js fetch its own origin (to precache the site) and nothing else", async () => {
    const { app } = await testApp({
      BUILD_DIR: fixtureBuild({ "sw.js": "self.addEventListener('fetch', () => {});" }),
    });
    try {
      const policy = String((await app.inject({ url: "/sw.js" })).headers["content-security-policy"]);
      expect(policy).toContain("connect-src 'self'");
      expect(policy).toContain("default-src 'none'");
    } finally {
      await app.close();
    }
  });
});
