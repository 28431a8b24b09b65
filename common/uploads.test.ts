import { describe, expect, it } from "vitest";
import {
  fallbackWidth,
  parseUploadRef,
  uploadJpeg,
  uploadOfAddress,
  uploadRef,
  uploadVariantPaths,
  variantWidths,
} from "./uploads.ts";
import { uploadedImage } from "#app/shared/uploaded-image.ts";

describe("uploads", () => {
  const ref = { id: "3f2a9c1b0d4e5f67", width: 1200, height: 800 };

  it("reads back the reference it writes, and nothing else", () => {
    expect(uploadRef(ref)).toBe("/assets/uploads/3f2a9c1b0d4e5f67-1200x800");
    expect(parseUploadRef(uploadRef(ref))).toEqual(ref);
    for (const text of [
      "/assets/uploads/3f2a9c1b0d4e5f67-1200x800-540.webp",
      "/assets/uploads/3F2A9C1B0D4E5F67-1200x800",
      "/assets/uploads/3f2a9c1b0d4e5f6-1200x800",
      "/assets/uploads/3f2a9c1b0d4e5f67-0x800",
      "https://evil.example/assets/uploads/3f2a9c1b0d4e5f67-1200x800",
      "javascript:alert(1)",
    ])
      expect(parseUploadRef(text), text).toBeUndefined();
  });

  it("stores no variant wider than the original", () => {
    expect(variantWidths(4000)).toEqual([1920, 1400, 540, 360]);
    expect(variantWidths(1920)).toEqual([1920, 1400, 540, 360]);
    expect(variantWidths(1200)).toEqual([1200, 540, 360]);
    expect(variantWidths(360)).toEqual([360]);
    expect(variantWidths(200)).toEqual([200]);
    expect(fallbackWidth(ref)).toBe(1200);
    expect(fallbackWidth({ ...ref, width: 3000 })).toBe(1400);
    expect(uploadVariantPaths({ ...ref, width: 200, height: 100 })).toEqual([
      "/assets/uploads/3f2a9c1b0d4e5f67-200x100-200.avif",
      "/assets/uploads/3f2a9c1b0d4e5f67-200x100-200.webp",
      "/assets/uploads/3f2a9c1b0d4e5f67-200x100-200.jpg",
    ]);
  });

  it("has one JPEG for mail and feeds, 1200 wide or the original's width, with its height", () => {
    expect(uploadJpeg(ref)).toEqual({
      path: "/assets/uploads/3f2a9c1b0d4e5f67-1200x800-1200.jpg",
      width: 1200,
      height: 800,
    });
    expect(uploadJpeg({ ...ref, width: 4000, height: 3000 })).toEqual({
      path: "/assets/uploads/3f2a9c1b0d4e5f67-4000x3000-1200.jpg",
      width: 1200,
      height: 900,
    });
    expect(uploadJpeg({ ...ref, width: 300, height: 101 })).toMatchObject({ width: 300, height: 101 });
    expect(uploadVariantPaths({ ...ref, width: 4000, height: 3000 }).at(-1)).toBe(
      "/assets/uploads/3f2a9c1b0d4e5f67-4000x3000-1200.jpg",
    );
  });

  it("reads the upload an image address names, on the site or root-relative, and nothing else", () => {
    const site = "https://www.tallyway.example";
    for (const address of [
      "/assets/uploads/3f2a9c1b0d4e5f67-1200x800",
      "/assets/uploads/3f2a9c1b0d4e5f67-1200x800-540.webp",
      `${site}/assets/uploads/3f2a9c1b0d4e5f67-1200x800-1200.avif`,
      `${site}/assets/uploads/3f2a9c1b0d4e5f67-1200x800-1200.jpg`,
    ])
      expect(uploadOfAddress(address, site), address).toEqual(ref);
    for (const address of [
      "https://evil.example/assets/uploads/3f2a9c1b0d4e5f67-1200x800",
      `${site}.evil.example/assets/uploads/3f2a9c1b0d4e5f67-1200x800`,
      "/assets/uploads/3f2a9c1b0d4e5f67-1200x800-540.png",
      "/assets/uploads/3f2a9c1b0d4e5f67-1200x800?x",
      "/assets/art/hero.webp",
    ])
      expect(uploadOfAddress(address, site), address).toBeUndefined();
  });

  it("makes a responsive image on the image host", () => {
    const image = uploadedImage(ref, "https://img.example.com/");
    expect(image).toMatchObject({ width: 1200, height: 800 });
    expect(image.src).toBe("https://img.example.com/assets/uploads/3f2a9c1b0d4e5f67-1200x800-1200.webp");
    expect(image.sources[0]).toEqual({
      type: "image/avif",
      srcSet: [1200, 540, 360]
        .map((w) => `https://img.example.com/assets/uploads/3f2a9c1b0d4e5f67-1200x800-${w}.avif ${w}w`)
        .join(", "),
    });
  });
});
