/** Image uploads: the console's API (owners and editors) and the public GET /assets/uploads/<file> (README). */
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { consoleApiPath } from "#common/console.ts";
import type { UploadAnswer, UploadItem, UploadListAnswer } from "#common/console-api.ts";
import { uploadsDirectory, uploadVariantPath, variantWidths } from "#common/uploads.ts";
import { audit, only } from "../console/access.ts";
import { immutable } from "../static-files.ts";
import { uploadDiskCache, type UploadDiskCache } from "./disk-cache.ts";
import { detectImageType } from "./image-type.ts";
import { jpegFromVariant, resizeUpload, uploadIdOf, UploadRefused } from "./resize.ts";
import type { StoredUpload } from "./store.ts";
import { contentTypeOf, variantFileOf, type VariantFile } from "./variant-name.ts";

const base = `${consoleApiPath}/uploads`;
/** The console lists this many, newest first. */
const listLimit = 500;

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MB`;

export const tooLargeMessage = (maxBytes: number, bytes?: number) =>
  `${bytes ? `The file is ${megabytes(bytes)}; images` : "Images"} up to ${megabytes(maxBytes)} are taken. ` +
  "Make it smaller (1920 pixels wide is the widest a page shows) and upload it again.";

// Named field by field: a column added to the store later does not reach the console's answer unseen.
const itemOf = ({ ref, originalName, bytes, width, height, type, account, createdAt }: StoredUpload): UploadItem => ({
  ref,
  name: originalName,
  bytes,
  width,
  height,
  type,
  account,
  createdAt,
});

/** The file's name as sent, without control characters or folders, for the list and the audit log. */
const nameOf = (value: unknown) =>
  [...(typeof value === "string" ? value : "")]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join("")
    .split(/[\\/]/)
    .at(-1)!
    .trim()
    .slice(0, 200) || "image";

/** One resize at a time per instance: each holds a decoded image, and the machine's cores are shared. */
function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.then(work, work);
    last = run.catch(() => {});
    return run;
  };
}

export async function uploadRoutes(app: FastifyInstance) {
  const maxBytes = app.config.uploadMaxBytes;
  const store = app.stores.uploads;
  const cache = uploadDiskCache(app.config.dataDir, store);
  const queue = oneAtATime();

  // This plugin's own context: any Content-Type is the file's bytes, read into a buffer up to the limit.
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: maxBytes }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code !== "FST_ERR_CTP_BODY_TOO_LARGE") return reply.send(error);
    const declared = Number(request.headers["content-length"]);
    return reply.code(413).send({ error: tooLargeMessage(maxBytes, declared > maxBytes ? declared : undefined) });
  });

  const editorsOnly = only(["owner", "editor"], "Only an owner or an editor account may upload images.");

  app.get(base, { preHandler: editorsOnly }, async (): Promise<UploadListAnswer> => ({
    uploads: (await store.list(listLimit)).map(itemOf),
    maxBytes,
  }));

  app.post(base, { preHandler: editorsOnly }, async (request, reply) => {
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0)
      return reply.code(400).send({ error: "Choose an image file to upload: the request held no file." });
    const name = nameOf((request.query as Record<string, unknown>).name);
    const verdict = detectImageType(body);
    if (!verdict.accepted) return reply.code(415).send({ error: `"${name}": ${verdict.message}` });

    const account = request.account!.email;
    const auditUpload = (upload: StoredUpload, created: boolean) =>
      audit(request, "upload", `${upload.ref} "${name}", ${body.length} bytes${created ? "" : ", already stored"}`);

    // The same file again is the same image: nothing is resized or stored twice.
    const known = await store.find(uploadIdOf(body));
    if (known) {
      await auditUpload(known, false);
      return { upload: itemOf(known), created: false } satisfies UploadAnswer;
    }
    let resized;
    try {
      resized = await queue(() => resizeUpload(body));
    } catch (error) {
      if (error instanceof UploadRefused)
        return reply.code(error.status).send({ error: `"${name}": ${error.message}` });
      throw error;
    }
    const { ref, variants } = resized;
    const upload: StoredUpload = {
      id: ref.id,
      ref: `/${uploadsDirectory}/${ref.id}-${ref.width}x${ref.height}`,
      originalName: name,
      bytes: body.length,
      width: ref.width,
      height: ref.height,
      type: verdict.type,
      account,
      createdAt: new Date().toISOString(),
    };
    const created = await store.add(upload, variants);
    const stored = created ? upload : ((await store.find(upload.id)) ?? upload);
    // The database holds the bytes; this disk is a cache, so a full disk only costs a read later.
    await cache
      .writeAll(variants)
      .catch((error: unknown) =>
        app.log.warn({ err: error }, "uploads: writing variants to DATA_DIR/uploads failed; served from the database"),
      );
    await auditUpload(stored, created);
    return reply.code(created ? 201 : 200).send({ upload: itemOf(stored), created } satisfies UploadAnswer);
  });
}

/** GET /assets/uploads/<file>: immutable like the build's hashed assets (the id is the original's hash). */
export function uploadFileRoute(
  app: FastifyInstance,
  cache: UploadDiskCache = uploadDiskCache(app.config.dataDir, app.stores.uploads),
) {
  const notFound = (reply: FastifyReply) => reply.code(404).type("text/plain").send("Not found");
  const queue = oneAtATime();
  // An image uploaded before uploads had a JPEG: made from its widest WebP when first asked for
  // (a campaign mail or the feed names it), then kept in the database and on disk like the rest.
  const olderJpeg = async (file: VariantFile) => {
    const widest = await cache.read(uploadVariantPath(file.ref, variantWidths(file.ref.width)[0], "webp"));
    if (!widest) return undefined;
    const body = await queue(() => jpegFromVariant(widest, file.width));
    await app.stores.uploads.addVariant(file.ref.id, file.path, body);
    await cache.writeAll([{ path: file.path, body }]).catch(() => {});
    return body;
  };
  app.get(`/${uploadsDirectory}/:file`, async (request, reply) => {
    const file = variantFileOf((request.params as { file: string }).file);
    if (!file) return notFound(reply);
    const etag = `"${file.path.slice(file.path.lastIndexOf("/") + 1)}"`;
    if (request.headers["if-none-match"] === etag)
      return reply.code(304).headers({ "cache-control": immutable, etag }).send();
    const body = (await cache.read(file.path)) ?? (file.format === "jpg" ? await olderJpeg(file) : undefined);
    if (!body) return notFound(reply);
    return reply.headers({ "content-type": contentTypeOf(file.format), "cache-control": immutable, etag }).send(body);
  });
}
