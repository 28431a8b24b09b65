/** What the uploads need from a database: a row per image and its variants' bytes, for every instance. */
import type { AcceptedType } from "./image-type.ts";

export interface StoredUpload {
  /** 16 hex digits of the original's SHA-256. */
  id: string;
  /** /assets/uploads/<id>-<width>x<height> (common/uploads.ts). */
  ref: string;
  originalName: string;
  /** The original's size in bytes. */
  bytes: number;
  width: number;
  height: number;
  type: AcceptedType;
  /** Who uploaded it first. */
  account: string;
  createdAt: string;
}

export interface UploadStore {
  /** An image and its variants in one transaction; false (nothing changes) when it was stored already. */
  add(upload: StoredUpload, variants: readonly { path: string; body: Buffer }[]): Promise<boolean>;
  find(id: string): Promise<StoredUpload | undefined>;
  /** Newest first. */
  list(limit: number): Promise<StoredUpload[]>;
  /** Keeps one more variant of a stored image (its JPEG, made after it); a path stored already keeps its bytes. */
  addVariant(uploadId: string, path: string, body: Buffer): Promise<void>;
  /** A variant's bytes by its path; undefined when no upload has it. */
  variant(path: string): Promise<Buffer | undefined>;
}
