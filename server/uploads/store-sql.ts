/** The upload store (store.ts) in SQL both engines run, through the console's dialect: BLOB on SQLite, bytea on PostgreSQL. */
import type { Dialect, Row, Statement } from "../console/store-sql.ts";
import type { AcceptedType } from "./image-type.ts";
import type { StoredUpload, UploadStore } from "./store.ts";

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

const toUpload = (row: Row): StoredUpload => ({
  id: String(row.id),
  ref: String(row.ref),
  originalName: String(row.original_name),
  bytes: Number(row.bytes),
  width: Number(row.width),
  height: Number(row.height),
  type: row.type as AcceptedType,
  account: String(row.account),
  createdAt: iso(row.created_at),
});

/** node:sqlite reads a BLOB as a Uint8Array, pg a bytea as a Buffer: a Buffer either way, without a copy. */
const asBuffer = (value: unknown) => {
  const bytes = value as Uint8Array;
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

export function sqlUploadStore(sql: Dialect): UploadStore {
  return {
    async add(upload, variants) {
      const statements: Statement[] = [
        [
          `INSERT INTO uploads (id, ref, original_name, bytes, width, height, type, account, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
          [
            upload.id,
            upload.ref,
            upload.originalName,
            upload.bytes,
            upload.width,
            upload.height,
            upload.type,
            upload.account,
            upload.createdAt,
          ],
        ],
        ...variants.map(({ path, body }): Statement => [
          "INSERT INTO upload_variants (path, upload_id, body) VALUES (?, ?, ?) ON CONFLICT (path) DO NOTHING",
          [path, upload.id, body],
        ]),
      ];
      const [inserted] = await sql.transaction(statements);
      return inserted === 1;
    },

    async find(id) {
      return (await sql.all("SELECT * FROM uploads WHERE id = ?", [id])).map(toUpload)[0];
    },

    async list(limit) {
      return (await sql.all("SELECT * FROM uploads ORDER BY created_at DESC, id LIMIT ?", [limit])).map(toUpload);
    },

    async variant(path) {
      const [row] = await sql.all("SELECT body FROM upload_variants WHERE path = ?", [path]);
      return row ? asBuffer(row.body) : undefined;
    },
  };
}
