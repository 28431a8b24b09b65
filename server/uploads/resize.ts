/**
 * An upload made into the files pages link: EXIF orientation applied, all metadata (GPS positions, serials)
 * dropped (sharp writes none unless asked), the original decoded once and shrunk to the widest variant, the rest made from that.
 */
import { createHash } from "node:crypto";
import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { uploadJpeg, uploadVariantPath, variantWidths, type UploadFormat, type UploadRef } from "#common/uploads.ts";

/** 40 megapixels (a 7,700 × 5,200 photo): a small file claiming more is a decompression bomb, refused unread. */
export const maxInputPixels = 40_000_000;
/** WebP's largest side: a variant taller than this cannot be written. */
const maxVariantSide = 16_383;

export type RefusalStatus = 400 | 413 | 415 | 422;

/** An upload refused for what it is; the message tells the editor what to do instead. */
export class UploadRefused extends Error {
  override name = "UploadRefused";
  readonly status: RefusalStatus;
  constructor(status: RefusalStatus, message: string) {
    super(message);
    this.status = status;
  }
}

export interface ResizedVariant {
  path: string;
  width: number;
  format: UploadFormat;
  body: Buffer;
}

export interface ResizedUpload {
  ref: UploadRef;
  variants: ResizedVariant[];
}

/** The id of an original: the first 16 hex digits of its SHA-256, so the same file is always the same image. */
export const uploadIdOf = (original: Uint8Array) => createHash("sha256").update(original).digest("hex").slice(0, 16);

const unreadable = () =>
  new UploadRefused(422, "The image cannot be read: the file is damaged or incomplete. Save it again and upload that.");

const encode = (image: Sharp, format: UploadFormat) =>
  format === "avif"
    ? image.avif({ quality: 55, effort: 2 })
    : format === "webp"
      ? image.webp({ quality: 80, effort: 4 })
      : // JPEG has no transparency: a transparent PNG's background is a mail's white.
        image.flatten({ background: "#ffffff" }).jpeg({ quality: 82, progressive: true });

/** The JPEG of an upload stored before uploads had one, from its widest WebP (routes.ts keeps it). */
export const jpegFromVariant = (webp: Buffer, width: number) =>
  encode(sharp(webp, { limitInputPixels: maxInputPixels }).resize({ width }), "jpg").toBuffer();

export async function resizeUpload(original: Buffer): Promise<ResizedUpload> {
  // failOn "error": a truncated or corrupt file is refused, not served half-grey.
  const input = () => sharp(original, { limitInputPixels: maxInputPixels, failOn: "error" });
  let metadata: Metadata;
  try {
    // The header alone, without the pixel limit (nothing is decoded), so a bomb is refused by name below.
    metadata = await sharp(original, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const { width, height } = metadata.autoOrient ?? metadata;
  if (!width || !height) throw unreadable();
  if (width * height > maxInputPixels)
    throw new UploadRefused(
      422,
      `The image is ${width} × ${height} pixels; the largest taken is ${maxInputPixels / 1e6} megapixels. Make it smaller and upload it again.`,
    );
  const ref: UploadRef = { id: uploadIdOf(original), width, height };
  const widths = variantWidths(width);
  if (Math.round((widths[0] * height) / width) > maxVariantSide)
    throw new UploadRefused(
      422,
      "The image is too tall for its width to be shown on a page. Crop it and upload it again.",
    );

  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await input().rotate().resize({ width: widths[0] }).raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable();
  }
  const { data, info } = pixels;
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const variants: ResizedVariant[] = [];
  for (const variantWidth of widths)
    for (const format of ["avif", "webp"] as const) {
      const image = sharp(data, { raw }).resize({ width: variantWidth });
      variants.push({
        path: uploadVariantPath(ref, variantWidth, format),
        width: variantWidth,
        format,
        body: await encode(image, format).toBuffer(),
      });
    }
  const jpeg = uploadJpeg(ref);
  variants.push({
    path: jpeg.path,
    width: jpeg.width,
    format: "jpg",
    body: await encode(sharp(data, { raw }).resize({ width: jpeg.width }), "jpg").toBuffer(),
  });
  return { ref, variants };
}
