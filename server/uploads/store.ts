/**
 * What the uploads need from a database (owned here, implemented in upload-store.ts for both
 * engines): a row per image and the bytes of its variants, so any instance can serve an image
 * another one resized.
 */
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
  /**
   * Stores an image and its variants in one transaction. False when the image was already
   * stored (the same file uploaded again, here or on another instance): nothing changes.
   */
  add(upload: StoredUpload, variants: readonly { path: string; body: Buffer }[]): Promise<boolean>;
  find(id: string): Promise<StoredUpload | undefined>;
  /** Newest first. */
  list(limit: number): Promise<StoredUpload[]>;
  /** Keeps one more variant of a stored image (its JPEG, made after it); a path stored already keeps its bytes. */
  addVariant(uploadId: string, path: string, body: Buffer): Promise<void>;
  /** A variant's bytes by its path; undefined when no upload has it. */
  variant(path: string): Promise<Buffer | undefined>;
}
