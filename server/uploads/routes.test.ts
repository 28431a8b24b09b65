// Image uploads against the real app (buildApp with app.inject) and the real sharp: on SQLite, and
// on PostgreSQL with two instances of their own DATA_DIR, where the second serves what the first
// resized from the database.
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUploadRef, uploadJpeg, uploadRef, uploadVariantPaths } from "#common/uploads.ts";
import { fixtureBuild } from "../../tests/support/app.ts";
import { testPostgres } from "../../tests/support/services.ts";
import { buildApp } from "../app.ts";
import { loadServerConfig } from "../config.ts";
import { hashPassword } from "../console/passwords.ts";
import { resizeUpload } from "./resize.ts";
import { consoleSession, sameSite } from "../../tests/support/console-session.ts";

const password = "plum-kettle-orbit-47";
const same = sameSite;
const maxBytes = 200_000;
type App = Awaited<ReturnType<typeof buildApp>>;

async function startApp(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "uploads-data-"));
  const config = loadServerConfig({
    BUILD_DIR: fixtureBuild(),
    DATA_DIR: dataDir,
    UPLOAD_MAX_BYTES: String(maxBytes),
    ...env,
  });
  const app = await buildApp({ config });
  await app.ready();
  return { app, dataDir };
}

const signIn = (app: App, email: string) => consoleSession(app, email, password);

const upload = (
  app: App,
  headers: Record<string, string>,
  body: Buffer,
  name: string,
  type = "application/octet-stream",
) =>
  app.inject({
    method: "POST",
    url: `/admin/api/uploads?name=${encodeURIComponent(name)}`,
    headers: { ...headers, "content-type": type },
    payload: body,
  });

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 220 } } }).composite([
    { input: { create: { width: width >> 1, height: height >> 1, channels: 3, background: "#fff" } }, left: 8, top: 8 },
  ]);

const engines = [
  { name: "SQLite", env: async () => ({}), instances: 1 },
  { name: "PostgreSQL, two instances", env: async () => ({ DATABASE_URL: (await postgres()).url }), instances: 2 },
];

let pg: Awaited<ReturnType<typeof testPostgres>> | undefined;
const postgres = async () => (pg ??= await testPostgres());
afterAll(async () => void (await pg?.stop()), 60_000);

describe.each(engines)("image uploads on $name", ({ env, instances }) => {
  const started: { app: App; dataDir: string }[] = [];
  let app: App;
  let last: App;
  beforeAll(async () => {
    const shared = await env();
    for (let i = 0; i < instances; i++) started.push(await startApp(shared));
    app = started[0].app;
    last = started.at(-1)!.app;
    const passwordHash = await hashPassword(password);
    for (const role of ["owner", "viewer", "editor"] as const)
      await app.stores.console.addAccount({ email: `${role}@example.com`, role, passwordHash }, new Date());
  }, 60_000);
  afterAll(async () => {
    for (const { app } of started) await app.close();
  });

  it("answers 401 without a session, 403 to a viewer and to another origin", async () => {
    const png = await picture(64, 48).png().toBuffer();
    for (const [method, url] of [
      ["GET", "/admin/api/uploads"],
      ["POST", "/admin/api/uploads?name=a.png"],
    ] as const) {
      const payload = method === "POST" ? png : undefined;
      const headers = { ...same, "content-type": "application/octet-stream" };
      expect((await app.inject({ method, url, headers, payload })).json()).toEqual({ error: "Sign in first." });
      const viewer = await app.inject({
        method,
        url,
        headers: { ...headers, ...(await signIn(app, "viewer@example.com")) },
        payload,
      });
      expect([viewer.statusCode, viewer.json().error]).toEqual([
        403,
        "Only an owner or an editor account may upload images.",
      ]);
    }
    const editor = await signIn(app, "editor@example.com");
    const foreign = await upload(
      app,
      { ...editor, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      png,
      "a.png",
    );
    expect(foreign.statusCode).toBe(403);
    expect((await app.inject({ url: "/admin/api/uploads", headers: editor })).json().uploads).toEqual([]);
  });

  it("takes a PNG and a JPEG, serves every variant with its type and a year's cache, once per file", async () => {
    const editor = await signIn(app, "editor@example.com");
    const owner = await signIn(app, "owner@example.com");
    const png = await picture(800, 600).png().toBuffer();
    const jpeg = await picture(2400, 1600).jpeg({ quality: 90 }).toBuffer();

    const first = await upload(app, editor, png, "Customer logo.png", "image/png");
    expect(first.statusCode).toBe(201);
    const { upload: pngItem, created } = first.json();
    expect(created).toBe(true);
    expect(pngItem).toMatchObject({
      name: "Customer logo.png",
      bytes: png.length,
      width: 800,
      height: 600,
      type: "png",
      account: "editor@example.com",
    });
    const second = await upload(app, owner, jpeg, "C:\\photos\\team.jpg");
    expect(second.statusCode).toBe(201);
    const jpegItem = second.json().upload;
    expect(jpegItem).toMatchObject({
      name: "team.jpg",
      width: 2400,
      height: 1600,
      type: "jpeg",
      account: "owner@example.com",
    });

    // The same file again is the same image, whoever sends it.
    const again = await upload(app, owner, png, "copy.png");
    expect([again.statusCode, again.json()]).toEqual([200, { upload: pngItem, created: false }]);
    const list = (await app.inject({ url: "/admin/api/uploads", headers: editor })).json();
    expect(list).toEqual({ uploads: [jpegItem, pngItem], maxBytes });

    // Every variant, from the instance that resized it and from the last (on PostgreSQL another, with an empty disk).
    for (const item of [pngItem, jpegItem]) {
      const ref = parseUploadRef(item.ref)!;
      const paths = uploadVariantPaths(ref);
      expect(paths).toHaveLength(item === pngItem ? 7 : 9);
      for (const server of new Set([app, last]))
        for (const url of paths) {
          const reply = await server.inject({ url });
          const extension = url.split(".").at(-1);
          expect([url, reply.statusCode, reply.headers["content-type"]]).toEqual([
            url,
            200,
            `image/${extension === "jpg" ? "jpeg" : extension}`,
          ]);
          expect(reply.headers).toMatchObject({
            "cache-control": "public, max-age=31536000, immutable",
            "x-content-type-options": "nosniff",
            "content-security-policy": expect.stringContaining("default-src 'none'"),
          });
          const meta = await sharp(reply.rawPayload).metadata();
          expect([
            meta.width,
            ({ heif: "avif", jpeg: "jpg" } as Record<string, string>)[meta.format] ?? meta.format,
          ]).toEqual([Number(/-(\d+)\.\w+$/.exec(url)![1]), extension]);
          const head = await server.inject({ method: "HEAD", url });
          expect([head.statusCode, head.headers["content-type"], head.body]).toEqual([
            200,
            reply.headers["content-type"],
            "",
          ]);
          const cached = await server.inject({ url, headers: { "if-none-match": String(reply.headers.etag) } });
          expect([cached.statusCode, cached.body]).toEqual([304, ""]);
        }
    }
    // Written whole into each instance's DATA_DIR/uploads (the last one's filled from the database).
    for (const { dataDir } of started) {
      const files = readdirSync(path.join(dataDir, "uploads"));
      expect(files.filter((name) => name.endsWith(".tmp"))).toEqual([]);
      expect(files).toHaveLength(16);
    }

    // Names uploadVariantPaths would not make, and uploads that do not exist, are 404s.
    const id = parseUploadRef(pngItem.ref)!.id;
    for (const url of [
      `/assets/uploads/${id}-800x600-1400.webp`,
      `/assets/uploads/${id}-800x600-800.png`,
      `/assets/uploads/${id}-800x600`,
      `/assets/uploads/0000000000000000-800x600-800.webp`,
      `/assets/uploads/..%2F${id}-800x600-800.webp`,
    ]) {
      const reply = await app.inject({ url });
      expect([url, reply.statusCode, reply.headers["cache-control"]]).toEqual([url, 404, "no-store"]);
    }

    // Every upload is in the audit log with its account, the repeat too.
    const audit = (await app.inject({ url: "/admin/api/audit", headers: owner }))
      .json()
      .entries.filter((entry: { action: string }) => entry.action === "upload");
    expect(audit.map((entry: { account: string; detail: string }) => [entry.account, entry.detail])).toEqual([
      ["owner@example.com", `${pngItem.ref} "copy.png", ${png.length} bytes, already stored`],
      ["owner@example.com", `${jpegItem.ref} "team.jpg", ${jpeg.length} bytes`],
      ["editor@example.com", `${pngItem.ref} "Customer logo.png", ${png.length} bytes`],
    ]);
  }, 60_000);

  it("makes the JPEG of an image uploaded before JPEGs, once, when first asked for, and keeps it", async () => {
    const { ref, variants } = await resizeUpload(await picture(1500, 1000).png().toBuffer());
    const older = variants.filter((variant) => variant.format !== "jpg");
    await app.stores.uploads.add(
      {
        id: ref.id,
        ref: uploadRef(ref),
        originalName: "older.png",
        bytes: 1,
        width: ref.width,
        height: ref.height,
        type: "png",
        account: "owner@example.com",
        createdAt: new Date().toISOString(),
      },
      older,
    );
    const jpeg = uploadJpeg(ref);
    expect(await app.stores.uploads.variant(jpeg.path)).toBeUndefined();
    const reply = await last.inject({ url: jpeg.path });
    expect([reply.statusCode, reply.headers["content-type"], reply.headers["cache-control"]]).toEqual([
      200,
      "image/jpeg",
      "public, max-age=31536000, immutable",
    ]);
    expect(await sharp(reply.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 800 });
    expect(await app.stores.uploads.variant(jpeg.path)).toEqual(reply.rawPayload);
    expect((await app.inject({ url: jpeg.path })).rawPayload).toEqual(reply.rawPayload);
    // Only the JPEG is made late: a missing WebP stays missing.
    const unknown = uploadJpeg({ ...ref, id: "00000000000000ff" }).path;
    expect((await last.inject({ url: unknown })).statusCode).toBe(404);
  }, 60_000);

  it("refuses SVG, GIF, a truncated PNG and a file over UPLOAD_MAX_BYTES, saying why", async () => {
    const editor = await signIn(app, "editor@example.com");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const gif = await picture(20, 20).gif().toBuffer();
    const whole = await picture(300, 200).png({ compressionLevel: 0 }).toBuffer();
    const truncated = whole.subarray(0, whole.length >> 1);
    const huge = Buffer.concat([whole, Buffer.alloc(maxBytes)]);
    const refusals = [
      [
        await upload(app, editor, svg, "logo.png", "image/png"),
        415,
        /^"logo.png": SVG images are not taken: an SVG can carry script/,
      ],
      [
        await upload(app, editor, gif, "anim.gif"),
        415,
        /^"anim.gif": GIF images are not taken.*Upload a PNG, JPEG or WebP image\.$/,
      ],
      [
        await upload(app, editor, truncated, "half.png"),
        422,
        /^"half.png": The image cannot be read: the file is damaged or incomplete/,
      ],
      [
        await upload(app, editor, huge, "huge.png"),
        413,
        /^The file is 0\.\d MB; images up to 0\.2 MB are taken\. Make it smaller/,
      ],
      [await upload(app, editor, Buffer.alloc(0), "empty.png"), 400, /^Choose an image file to upload/],
    ] as const;
    for (const [reply, status, message] of refusals) {
      expect(reply.statusCode).toBe(status);
      expect(reply.json().error).toMatch(message);
    }
    expect(huge.length).toBeGreaterThan(maxBytes);
    // Streamed without a Content-Length: cut off once it passes the limit.
    const streamed = await app.inject({
      method: "POST",
      url: "/admin/api/uploads?name=stream.png",
      headers: { ...editor, "content-type": "application/octet-stream", "transfer-encoding": "chunked" },
      payload: Readable.from([whole, Buffer.alloc(maxBytes)]),
    });
    expect([streamed.statusCode, streamed.json().error]).toEqual([
      413,
      "Images up to 0.2 MB are taken. Make it smaller (1920 pixels wide is the widest a page shows) and upload it again.",
    ]);
    expect(
      (await app.inject({ url: "/admin/api/uploads", headers: editor }))
        .json()
        .uploads.map((u: { name: string }) => u.name),
    ).not.toContain("half.png");
  }, 60_000);
});
