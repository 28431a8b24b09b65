/** The only file names GET /assets/uploads/<file> answers, those `uploadVariantPaths` makes: no other file. */
import {
  parseUploadRef,
  uploadsDirectory,
  uploadVariantPaths,
  type UploadFormat,
  type UploadRef,
} from "#common/uploads.ts";

const namePattern = /^([a-f0-9]{16}-[1-9]\d{0,4}x[1-9]\d{0,4})-([1-9]\d{0,4})\.(avif|webp|jpg)$/;

export interface VariantFile {
  ref: UploadRef;
  /** Root-relative path, as stored: /assets/uploads/<id>-<w>x<h>-<variant width>.<format>. */
  path: string;
  width: number;
  format: UploadFormat;
}

export function variantFileOf(fileName: string): VariantFile | undefined {
  const match = namePattern.exec(fileName);
  if (!match) return undefined;
  const ref = parseUploadRef(`/${uploadsDirectory}/${match[1]}`);
  const path = `/${uploadsDirectory}/${fileName}`;
  if (!ref || !uploadVariantPaths(ref).includes(path)) return undefined;
  return { ref, path, width: Number(match[2]), format: match[3] as UploadFormat };
}

export const contentTypeOf = (format: UploadFormat) => (format === "jpg" ? "image/jpeg" : `image/${format}`);
