import { describe, expect, it } from "vitest";
import { detectImageType } from "./image-type.ts";

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part))));
const refusedWith = (input: Buffer, words: RegExp) => {
  const verdict = detectImageType(input);
  expect(verdict.accepted).toBe(false);
  if (!verdict.accepted) expect(verdict.message).toMatch(words);
};

describe("detectImageType", () => {
  it("takes PNG, JPEG and WebP by their first bytes, whatever the file is called", () => {
    expect(detectImageType(bytes([0x89], "PNG\r\n\x1a\n", "rest"))).toEqual({ accepted: true, type: "png" });
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"))).toEqual({ accepted: true, type: "jpeg" });
    expect(detectImageType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toEqual({ accepted: true, type: "webp" });
  });

  it("refuses SVG, also with an XML prolog, a byte-order mark or leading space, saying why", () => {
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?>\n<svg>',
      "\uFEFF  \n<svg\n>",
    ])
      refusedWith(
        Buffer.from(svg),
        /^SVG images are not taken: an SVG can carry script\. Export it as PNG or WebP and upload that\.$/,
      );
    refusedWith(Buffer.from("<!DOCTYPE html><img src=x onerror=alert(1)>"), /markup/);
  });

  it("refuses GIF, HEIC, AVIF, PDF, BMP, TIFF and anything else, naming what to upload", () => {
    refusedWith(bytes("GIF89a", [1, 0, 1, 0]), /^GIF images are not taken.*Upload a PNG, JPEG or WebP image\.$/);
    refusedWith(bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0]), /HEIC\/HEIF.*JPEG/);
    refusedWith(bytes([0, 0, 0, 0x18], "ftypmif1"), /HEIC\/HEIF/);
    refusedWith(bytes([0, 0, 0, 0x18], "ftypavif"), /AVIF/);
    refusedWith(bytes("%PDF-1.7"), /PDF/);
    refusedWith(bytes("BM", [0, 0]), /BMP/);
    refusedWith(bytes([0x49, 0x49, 0x2a, 0]), /TIFF/);
    refusedWith(bytes("RIFF", [0, 0, 0, 0], "WAVE"), /not an image the console takes/);
    refusedWith(Buffer.alloc(0), /not an image/);
    refusedWith(bytes([0x89], "PN"), /not an image/);
  });
});
