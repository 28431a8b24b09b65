import { describe, expect, it } from "vitest";
import { artworkNames, artworks, aspectOf, posterNames, screenNames } from "#art/artworks.ts";
import { artAspect, artworkAspect, heightFor, imageWidths, posterAspect } from "./art.ts";

describe("artwork canvases", () => {
  it("gives screens 4:3 and posters 16:9 heights at every width", () => {
    expect(imageWidths.map((w) => heightFor(w))).toEqual([1440, 1050, 405, 270]);
    expect(imageWidths.map((w) => heightFor(w, posterAspect))).toEqual([1080, 788, 304, 203]);
    expect(artworkAspect("poster-timer")).toBe(posterAspect);
    expect(artworkAspect("timesheet")).toBe(artAspect);
  });

  it("draws every artwork on the canvas its name promises", () => {
    for (const name of artworkNames) {
      const svg = artworks[name]();
      const aspect = aspectOf(name);
      expect(svg, name).toMatch(
        new RegExp(`^<svg [^>]*width="1200" height="${(1200 * aspect.height) / aspect.width}"`),
      );
      expect(svg, name).not.toMatch(/lorem|placeholder/i);
      expect(svg, name).not.toMatch(/undefined|NaN/);
    }
    expect(posterNames.every((name) => aspectOf(name) === posterAspect)).toBe(true);
    expect(screenNames.every((name) => aspectOf(name) === artAspect)).toBe(true);
  });

  it("gives every video its own poster", () => {
    expect(posterNames).toHaveLength(9);
    expect(new Set(posterNames.map((name) => artworks[name]())).size).toBe(posterNames.length);
  });
});
