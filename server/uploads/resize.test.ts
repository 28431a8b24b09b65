// The resize with the real sharp: sizes, orientation, metadata and refusals.
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { uploadVariantPaths } from "#common/uploads.ts";
import { jpegFromVariant, maxInputPixels, resizeUpload, uploadIdOf, UploadRefused } from "./resize.ts";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2f6fdf" } });

describe("resizeUpload", () => {
  it("makes AVIF and WebP at every variant width, named by the original's hash and size", async () => {
    const png = await solid(800, 600).png().toBuffer();
    const { ref, variants } = await resizeUpload(png);
    expect(ref).toEqual({ id: uploadIdOf(png), width: 800, height: 600 });
    expect(variants.map((v) => v.path)).toEqual(uploadVariantPaths(ref));
    for (const variant of variants) {
      const meta = await sharp(variant.body).metadata();
      const format = meta.format === "heif" ? "avif" : meta.format === "jpeg" ? "jpg" : meta.format;
      expect([variant.path, format, meta.width]).toEqual([variant.path, variant.format, variant.width]);
      expect(meta.height).toBe(Math.round((variant.width * 600) / 800));
    }
  });

  it("makes one JPEG for mail, 1200 wide at most, a transparent background turned white", async () => {
    const png = await sharp({ create: { width: 1600, height: 900, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    const { ref, variants } = await resizeUpload(png);
    const jpegs = variants.filter((v) => v.format === "jpg");
    expect(jpegs.map((v) => v.path)).toEqual([`/assets/uploads/${ref.id}-1600x900-1200.jpg`]);
    const meta = await sharp(jpegs[0].body).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1200, height: 675, channels: 3 });
    const { data } = await sharp(jpegs[0].body).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it("makes the JPEG of an older upload from its widest WebP", async () => {
    const { variants } = await resizeUpload(await solid(1920, 1080).png().toBuffer());
    const webp = variants.find((v) => v.format === "webp" && v.width === 1920)!;
    const meta = await sharp(await jpegFromVariant(webp.body, 1200)).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1200, height: 675 });
  });

  it("applies EXIF orientation and keeps no metadata (a photo's GPS position is gone)", async () => {
    // Stored 600 × 400 with orientation 6 (rotate 90°): shown, and resized, as 400 × 600.
    const photo = await solid(600, 400)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { ref, variants } = await resizeUpload(photo);
    expect(ref).toMatchObject({ width: 400, height: 600 });
    for (const variant of variants) {
      const meta = await sharp(variant.body).metadata();
      expect(meta).toMatchObject({ width: variant.width, height: Math.round(variant.width * 1.5) });
      expect([meta.exif, meta.xmp, meta.iptc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
    }
  });

  it("refuses a truncated file and a decompression bomb without decoding it", async () => {
    const png = await solid(800, 600).png({ compressionLevel: 0 }).toBuffer();
    await expect(resizeUpload(png.subarray(0, png.length >> 1))).rejects.toThrow(/damaged or incomplete/);
    // A small PNG whose header says 20,000 × 20,000 (1.2 GB decoded): the pixel count alone refuses it.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([png.subarray(0, 8), chunk("IHDR", header), png.subarray(33)]);
    const refusal = await resizeUpload(bomb).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UploadRefused);
    expect(refusal).toMatchObject({
      status: 422,
      message: expect.stringMatching(/20000 × 20000 pixels.*40 megapixels/),
    });
    expect(maxInputPixels).toBe(40_000_000);
  }, 60_000);
});
