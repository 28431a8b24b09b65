// The artwork's rasters on a small set of drawings: reused between builds while a drawing is
// unchanged, encoded again when it changes; and the progress a long first build prints.
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { artAspect, imageFormats, imageWidths, posterAspect, type Aspect } from "#common/art.ts";
import { artHash, settingsHash } from "#art/manifest.ts";
import { progressReporter, rasteriseArtwork, type Drawing } from "./build-images.ts";

const square = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 1200"><rect width="1600" height="1200" fill="${fill}"/></svg>`;
const drawing = (name: string, svg: string, aspect: Aspect = artAspect): Drawing => ({
  name,
  hash: artHash(svg),
  aspect,
  svg: () => svg,
});
const perDrawing = imageWidths.length * imageFormats.length;

describe("rasteriseArtwork", { timeout: 120_000 }, () => {
  it("encodes nothing for unchanged drawings, and only a changed drawing's images again", async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), "artwork-"));
    const lines: string[] = [];
    const print = (line: string) => void lines.push(line);
    const screen = drawing("screen-a", square("#0a6"));
    const poster = drawing("poster-b", square("#06a"), posterAspect);

    expect(await rasteriseArtwork(outDir, [screen, poster], print)).toMatch(
      new RegExp(`^${2 * perDrawing} variants in .* \\(${2 * perDrawing} encoded, 0 stale removed\\)$`),
    );
    expect(lines[0]).toBe(`encoding ${2 * perDrawing} of ${2 * perDrawing} images (later builds reuse them)`);
    for (const format of imageFormats) {
      const file = path.join(outDir, `screen-a-${screen.hash}-360.${format}`);
      expect((await sharp(file).metadata()).format).toBe(format === "avif" ? "heif" : "webp");
    }
    const written = Object.fromEntries(
      readdirSync(outDir).map((file) => [file, statSync(path.join(outDir, file)).mtimeMs]),
    );

    lines.length = 0;
    expect(await rasteriseArtwork(outDir, [screen, poster], print)).toMatch(/\(0 encoded, 0 stale removed\)$/);
    expect(lines).toEqual([]);
    expect(
      Object.fromEntries(readdirSync(outDir).map((file) => [file, statSync(path.join(outDir, file)).mtimeMs])),
    ).toEqual(written);

    const changed = drawing("screen-a", square("#a60"));
    expect(await rasteriseArtwork(outDir, [changed, poster], print)).toMatch(
      new RegExp(`\\(${perDrawing} encoded, ${perDrawing} stale removed\\)$`),
    );
    expect(lines[0]).toBe(`encoding ${perDrawing} of ${2 * perDrawing} images (later builds reuse them)`);
    expect(readdirSync(outDir).filter((file) => file.startsWith(`screen-a-${changed.hash}-`))).toHaveLength(perDrawing);
    expect(readdirSync(outDir).filter((file) => file.startsWith(`screen-a-${screen.hash}-`))).toEqual([]);
  });

  it("keys the images by the drawing, the encoder settings, the font and sharp's version", () => {
    expect(artHash(square("#000"))).not.toBe(artHash(square("#001")));
    expect(settingsHash("0.35.5")).not.toBe(settingsHash("0.36.0"));
  });
});

describe("progressReporter", () => {
  it("prints a line when a few seconds have passed since the last, and one at the end", () => {
    const lines: string[] = [];
    let clock = 0;
    const done = progressReporter(
      10,
      (line) => void lines.push(line),
      () => clock,
      5_000,
    );
    for (const seconds of [1, 2, 6, 7, 8, 12, 13, 14, 17, 18]) {
      clock = seconds * 1000;
      done();
    }
    expect(lines).toEqual(["3 of 10 images", "6 of 10 images", "9 of 10 images", "10 of 10 images"]);
  });
});
