import { describe, expect, it } from "vitest";
import { features } from "./features.ts";
import { productScreenImage, productScreens } from "./product-screens.ts";

describe("product screens", () => {
  it("each says what it shows, in an alt text of its own and a caption", () => {
    const alts = Object.values(productScreens).map((screen) => screen.alt);
    expect(new Set(alts).size).toBe(alts.length);
    for (const { alt, caption } of Object.values(productScreens)) {
      expect(alt.length).toBeGreaterThan(60);
      expect(caption).toMatch(/^[A-Z].*\.$/);
    }
  });

  it("each feature page shows at least one, as a 4:3 AVIF and WebP image", () => {
    for (const feature of features) {
      expect(feature.screens.length).toBeGreaterThan(0);
      for (const name of feature.screens) {
        const image = productScreenImage(name);
        expect(image.alt).toBe(productScreens[name].alt);
        expect(image.width * 3).toBe(image.height * 4);
        expect(image.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
        expect(image.src).toMatch(new RegExp(`/assets/img/${name}-[0-9a-f]{10}-1400\\.webp$`));
      }
    }
  });
});

describe("screen details for phones", () => {
  it("every screen image carries its detail as AVIF and WebP", () => {
    const image = productScreenImage("timesheet");
    expect(image.detail.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(image.detail.sources[0].srcSet).toMatch(/timesheet-detail-\w+-360\.avif 360w/);
  });
});
