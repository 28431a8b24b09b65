import { describe, expect, it } from "vitest";
import { artworkImage } from "./artwork.ts";

describe("artworkImage", () => {
  it("sizes the fallback by the artwork's own aspect: 4:3 screens, 16:9 posters", () => {
    expect(artworkImage("project-board", "")).toMatchObject({ width: 1400, height: 1050 });
    expect(artworkImage("poster-timer", "")).toMatchObject({ width: 1400, height: 788 });
  });

  it("offers AVIF and WebP at the spec's widths", () => {
    const image = artworkImage("poster-timer", "");
    expect(image.src).toMatch(/^\/assets\/img\/poster-timer-[0-9a-f]{10}-1400\.webp$/);
    expect(image.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(image.sources[0]!.srcSet.split(", ").map((entry) => entry.split(" ")[1])).toEqual([
      "1920w",
      "1400w",
      "540w",
      "360w",
    ]);
  });
});
