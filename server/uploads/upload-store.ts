/** The upload store (store.ts), written once against the query layer: BLOB on SQLite, bytea on PostgreSQL. */
import { transaction, type Db } from "../db/query.ts";
import type { StoredUpload, UploadStore } from "./store.ts";

/** node:sqlite reads a BLOB as a Uint8Array, pg a bytea as a Buffer: a Buffer either way, without a copy. */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function uploadStore(db: Db): UploadStore {
  const uploads = () =>
    db
      .selectFrom("uploads")
      .select(["id", "ref", "bytes", "width", "height", "type", "account"])
      .select(["original_name as originalName", "created_at as createdAt"])
      .$castTo<StoredUpload>();
  return {
    add: ({ originalName, createdAt, ...upload }, variants) =>
      transaction(db, async (tx) => {
        const { numInsertedOrUpdatedRows } = await tx
          .insertInto("uploads")
          .values({ ...upload, original_name: originalName, created_at: createdAt })
          .onConflict((oc) => oc.column("id").doNothing())
          .executeTakeFirst();
        if (variants.length)
          await tx
            .insertInto("upload_variants")
            .values(variants.map(({ path, body }) => ({ path, upload_id: upload.id, body })))
            .onConflict((oc) => oc.column("path").doNothing())
            .execute();
        return numInsertedOrUpdatedRows === 1n;
      }),
    async addVariant(uploadId, path, body) {
      await db
        .insertInto("upload_variants")
        .values({ path, upload_id: uploadId, body })
        .onConflict((oc) => oc.column("path").doNothing())
        .execute();
    },
    find: (id) => uploads().where("id", "=", id).executeTakeFirst(),
    list: (limit) => uploads().orderBy("created_at", "desc").orderBy("id").limit(limit).execute(),
    async variant(path) {
      const row = await db.selectFrom("upload_variants").select("body").where("path", "=", path).executeTakeFirst();
      return row && asBuffer(row.body);
    },
  };
}
