/**
 * Images uploaded in the console (proof logos, pictures in content): how a stored upload is named
 * and linked. Pure, shared by the server that stores and serves them (server/uploads/) and the
 * pages that show them, so a page can write a responsive <picture> without asking the database.
 *
 * An upload is referred to by `/assets/uploads/<id>-<width>x<height>`, its reference: the id is the
 * first 16 hex digits of the SHA-256 of the original file (the same file uploaded twice is one
 * image) and the intrinsic size is part of the name, so the page reserves the box (no layout
 * shift). Its variants are files next to it: `<id>-<width>x<height>-<variant width>.<avif|webp>`,
 * at each of the spec's srcset widths below the original's width, plus the original's width when
 * it is narrower than 1920, and one JPEG for mail and feeds (`<ref>-<width>.jpg`), whose readers
 * show AVIF and WebP unreliably. Under /assets/, the image host rewrite of requirements §7 applies.
 */
import { imageFormats, imageWidths, type Aspect, type ImageFormat } from "./art.ts";

export const uploadsDirectory = "assets/uploads";

export interface UploadRef extends Aspect {
  id: string;
}

const refPattern = /^\/assets\/uploads\/([a-f0-9]{16})-([1-9]\d{0,4})x([1-9]\d{0,4})$/;

/** The reference of a stored upload: `/assets/uploads/3f2a9c1b0d4e5f67-1200x800`. */
export const uploadRef = ({ id, width, height }: UploadRef) => `/${uploadsDirectory}/${id}-${width}x${height}`;

/** A reference read back; undefined for anything that is not one. */
export function parseUploadRef(text: string): UploadRef | undefined {
  const match = refPattern.exec(text);
  return match ? { id: match[1], width: Number(match[2]), height: Number(match[3]) } : undefined;
}

/** The widths an upload is stored at, largest first: never wider than the original. */
export function variantWidths(originalWidth: number): number[] {
  const below = imageWidths.filter((width) => width < originalWidth);
  return originalWidth < imageWidths[0] ? [originalWidth, ...below] : [...imageWidths];
}

/** Root-relative path of one variant: /assets/uploads/3f2a9c1b0d4e5f67-1200x800-540.webp. */
export const uploadVariantPath = (ref: UploadRef, width: number, format: ImageFormat) =>
  `${uploadRef(ref)}-${width}.${format}`;

/** The formats an upload's files have: the page's two, and JPEG for mail and feeds. */
export type UploadFormat = ImageFormat | "jpg";

/** A campaign mail's column is 600 px wide: its JPEG is twice that, for sharp screens, or the original's width. */
export const jpegWidth = (ref: UploadRef) => Math.min(1200, ref.width);

/** An upload's one JPEG, for mail clients and feed readers: its path and pixel size. */
export function uploadJpeg(ref: UploadRef): { path: string; width: number; height: number } {
  const width = jpegWidth(ref);
  return { path: `${uploadRef(ref)}-${width}.jpg`, width, height: Math.round((width * ref.height) / ref.width) };
}

/** Every file of an upload, as paths under /assets/uploads/ (what the server writes and serves). */
export const uploadVariantPaths = (ref: UploadRef): string[] => [
  ...variantWidths(ref.width).flatMap((width) => imageFormats.map((format) => uploadVariantPath(ref, width, format))),
  uploadJpeg(ref).path,
];

const siteUploadPattern =
  /^(\/assets\/uploads\/[a-f0-9]{16}-[1-9]\d{0,4}x[1-9]\d{0,4})(?:-[1-9]\d{0,4}\.(?:avif|webp|jpg))?$/;

/**
 * The upload an image address names, as a reference or any of its files, root-relative or on
 * the site (`siteUrl`); undefined for anything else.
 */
export function uploadOfAddress(address: string, siteUrl: string): UploadRef | undefined {
  const path = address.startsWith(`${siteUrl}/`) ? address.slice(siteUrl.length) : address;
  const match = siteUploadPattern.exec(path);
  return match ? parseUploadRef(match[1]) : undefined;
}

/** The variant a browser that takes no <source> gets: the 1400 px WebP, or the widest stored under it. */
export function fallbackWidth(ref: UploadRef): number {
  return variantWidths(ref.width).find((width) => width <= imageWidths[1]) ?? variantWidths(ref.width).at(-1)!;
}
