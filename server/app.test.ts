import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { fixtureBuild, testApp } from "../tests/support/app.ts";
import { buildApp } from "./app.ts";
import { loadServerConfig } from "./config.ts";

// A small build folder of our own, so these tests do not depend on `npm run build`.
const page = "<!DOCTYPE html><html><head><title>Features</title></head><body>" + "x".repeat(2000) + "</body></html>";

let app: FastifyInstance;
beforeAll(async () => {
  const buildDir = fixtureBuild(
    {
      "features/index.html": page,
      "features.data": "[1]",
      "assets/entry-abc123.js": "console.log(1)".repeat(50),
      "og-image.png": "\x89PNG",
    },
    { compressed: ["features/index.html", "assets/entry-abc123.js"] },
  );
  ({ app } = await testApp({ BUILD_DIR: buildDir }));
});
afterAll(() => app.close());

describe("the prerendered site", () => {
  it("serves a page with brotli when accepted, gzip otherwise, identity last", async () => {
    const br = await app.inject({ url: "/features", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page);
    const gz = await app.inject({ url: "/features", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await app.inject({ url: "/features" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(page);
    const refused = await app.inject({ url: "/features", headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(refused.headers["content-encoding"]).toBe("gzip");
  });

  it("answers HTML with no-cache, its content type and Vary, and 304 for a matching ETag", async () => {
    const response = await app.inject({ url: "/features/" });
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers.vary).toBe("Accept-Encoding");
    const again = await app.inject({ url: "/features", headers: { "if-none-match": String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("caches hashed assets for a year as immutable", async () => {
    const response = await app.inject({ url: "/assets/entry-abc123.js" });
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });

  it("gives the right content types to data and image files", async () => {
    expect((await app.inject({ url: "/features.data" })).headers["content-type"]).toContain("text/x-script");
    expect((await app.inject({ url: "/og-image.png" })).headers["content-type"]).toBe("image/png");
  });

  it("answers HEAD without a body", async () => {
    const response = await app.inject({ method: "HEAD", url: "/features" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("");
  });

  it("redirects unknown paths to the home page, but not missing assets", async () => {
    for (const url of ["/nope", "/features/nope?x=1", "/..%2f..%2fetc/passwd", "/%C3%A9t%C3%A9"]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location).toBe("/");
    }
    expect((await app.inject({ url: "/assets/gone-123.js" })).statusCode).toBe(404);
    // A malformed percent-encoding is a client error, never a crash.
    expect((await app.inject({ url: "/%E0%A4%A" })).statusCode).toBe(400);
  });

  it("reports its health", async () => {
    const response = await app.inject({ url: "/healthz" });
    expect(response.json()).toEqual({ status: "ok", database: "ok", file: "ok", disk: "ok", outbox: "ok" });
  });
});

describe("loadServerConfig", () => {
  it("defaults to port 3000 and names a bad variable", () => {
    expect(loadServerConfig({}).port).toBe(3000);
    expect(() => loadServerConfig({ PORT: "eighty" })).toThrow(/PORT must be a port number/);
    expect(() => loadServerConfig({ SMTP_URL: "mail.example.com", SITE_URL: "x" })).toThrow(/SMTP_URL[\s\S]*SITE_URL/);
  });
  it("refuses to start without a build", () => {
    const empty = mkdtempSync(path.join(tmpdir(), "empty-build-"));
    return expect(buildApp({ config: loadServerConfig({ BUILD_DIR: empty }) })).rejects.toThrow(/npm run build/);
  });
});
