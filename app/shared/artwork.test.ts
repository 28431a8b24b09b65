import { describe, expect, it } from "vitest";
import { phoneDetailMedia } from "#common/art.ts";
import { artworkImage, posterImage, posterThumbnail } from "./artwork.ts";

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

  it("gives a poster its phone composition below 640 px, named with the poster's own hash", () => {
    const image = posterImage("poster-timer", "");
    const hash = /poster-timer-([0-9a-f]{10})-1400/.exec(image.src)![1];
    expect(image.src).toBe(artworkImage("poster-timer", "").src);
    expect(image.sources.map(({ media, type }) => [media, type])).toEqual([
      [phoneDetailMedia, "image/avif"],
      [phoneDetailMedia, "image/webp"],
      [undefined, "image/avif"],
      [undefined, "image/webp"],
    ]);
    expect(image.sources[0]!.srcSet).toContain(`/assets/img/poster-timer-phone-${hash}-360.avif 360w`);
  });

  it("gives a demo's thumbnail the poster's phone composition at every width", () => {
    const hash = /poster-timer-([0-9a-f]{10})-1400/.exec(artworkImage("poster-timer", "").src)![1];
    const thumbnail = posterThumbnail("poster-timer", "");
    expect(thumbnail.src).toBe(`/assets/img/poster-timer-phone-${hash}-1400.webp`);
    expect(thumbnail.sources.map((source) => source.media)).toEqual([undefined, undefined]);
  });
});
