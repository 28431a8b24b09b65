/**
 * What an uploaded file is, read from its first bytes (magic numbers), never from its name or the
 * Content-Type a browser guessed: a renamed SVG or HTML file is refused as what it really is.
 */
export type AcceptedType = "png" | "jpeg" | "webp";

export type TypeVerdict = { accepted: true; type: AcceptedType } | { accepted: false; message: string };

const taken = "Upload a PNG, JPEG or WebP image.";

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const textAt = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** ISO base media brands (ftyp box) of HEIC/HEIF and AVIF photos, which phones send. */
const heifBrands = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

export function detectImageType(bytes: Uint8Array): TypeVerdict {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { accepted: true, type: "png" };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { accepted: true, type: "jpeg" };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return { accepted: true, type: "webp" };
  const refused = (what: string) => ({ accepted: false as const, message: `${what} ${taken}` });
  // Where the reason already says what to upload instead, it is the whole message.
  const refusedAs = (message: string) => ({ accepted: false as const, message });
  if (startsWith(bytes, ascii("GIF8"))) return refused("GIF images are not taken (animation cannot be resized here).");
  if (startsWith(bytes, ascii("ftyp"), 4)) {
    const brand = textAt(bytes, 8, 12);
    if (heifBrands.has(brand))
      return refusedAs(
        "HEIC/HEIF photos are not taken: export the photo as JPEG (most phones can, in their settings).",
      );
    if (brand === "avif" || brand === "avis") return refused("AVIF files are not taken as uploads.");
  }
  // Markup (SVG, HTML, XML): after a byte-order mark and white space, the first character is "<".
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, "");
  if (/^\s*</.test(head))
    return /<svg[\s>]/i.test(head) || /^\s*<\?xml/i.test(head)
      ? refusedAs("SVG images are not taken: an SVG can carry script. Export it as PNG or WebP and upload that.")
      : refused("This file is markup (HTML or XML), not an image.");
  if (startsWith(bytes, ascii("%PDF"))) return refused("PDF files are not taken.");
  if (startsWith(bytes, ascii("BM"))) return refused("BMP images are not taken.");
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return refused("TIFF images are not taken.");
  return refused("This file is not an image the console takes.");
}
