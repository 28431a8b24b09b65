import { describe, expect, it } from "vitest";
import { uploadVariantPaths } from "#common/uploads.ts";
import { variantFileOf } from "./variant-name.ts";

describe("variantFileOf", () => {
  const ref = { id: "3f2a9c1b0d4e5f67", width: 1200, height: 800 };

  it("reads every name uploadVariantPaths makes", () => {
    for (const path of uploadVariantPaths(ref))
      expect(variantFileOf(path.slice(path.lastIndexOf("/") + 1))).toMatchObject({ ref, path });
    expect(variantFileOf("3f2a9c1b0d4e5f67-1200x800-540.avif")).toEqual({
      ref,
      path: "/assets/uploads/3f2a9c1b0d4e5f67-1200x800-540.avif",
      width: 540,
      format: "avif",
    });
    expect(variantFileOf("3f2a9c1b0d4e5f67-1200x800-1200.jpg")).toMatchObject({ width: 1200, format: "jpg" });
  });

  it("names nothing else: other widths, formats, the reference itself, folders or other files", () => {
    for (const name of [
      "3f2a9c1b0d4e5f67-1200x800-1400.webp", // wider than the original: never made
      "3f2a9c1b0d4e5f67-1200x800-500.webp",
      "3f2a9c1b0d4e5f67-1200x800-540.png",
      "3f2a9c1b0d4e5f67-1200x800-540.jpg", // the JPEG is at one width only
      "3f2a9c1b0d4e5f67-1200x800-1200.jpeg",
      "3f2a9c1b0d4e5f67-1200x800-540.WEBP",
      "3f2a9c1b0d4e5f67-1200x800",
      "3F2A9C1B0D4E5F67-1200x800-540.webp",
      "3f2a9c1b0d4e5f67-1200x0800-540.webp",
      "3f2a9c1b0d4e5f67-1200x800-0540.webp",
      "../3f2a9c1b0d4e5f67-1200x800-540.webp",
      "3f2a9c1b0d4e5f67-1200x800-540.webp/x",
      "3f2a9c1b0d4e5f67-1200x800-540.webp.tmp",
      ".3f2a9c1b0d4e5f67-1200x800-540.webp.abcdef.tmp",
      "",
    ])
      expect(variantFileOf(name), name).toBeUndefined();
  });
});
