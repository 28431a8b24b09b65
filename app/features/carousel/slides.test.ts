import { describe, expect, it } from "vitest";
import { features } from "#app/features/catalog/features.ts";
import { initialCarousel } from "./carousel.ts";
import { structuredContent } from "#app/features/content/content.server.ts";
import { loadSiteConfig } from "#common/site.ts";
import { slidesOf, slideViews } from "./slides.ts";

const slides = slidesOf(structuredContent("carousel/slides", loadSiteConfig({})));

describe("slides", () => {
  it("are the four of requirements §2, in order, each linking to a feature page", () => {
    expect(slides.map((s) => s.title)).toEqual([
      "Time + Expense",
      "Report Time + Expense",
      "Projects + Resources",
      "Billing",
    ]);
    expect(slides.map((s) => s.no)).toEqual([0, 1, 2, 3]);
    const featurePaths: string[] = features.map((f) => f.path);
    for (const slide of slides) expect(featurePaths).toContain(slide.targetUrl);
  });

  it("offer AVIF and WebP at 1920, 1400, 540 and 360 px, with a 4:3 box", () => {
    for (const slide of slides) {
      expect(slide.srcset.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
      for (const { srcSet } of slide.srcset)
        expect(srcSet.match(/ (\d+)w/g)).toEqual([" 1920w", " 1400w", " 540w", " 360w"]);
      expect(slide.imageUrl).toMatch(new RegExp(`^/assets/img/${slide.img.name}-[0-9a-f]{10}-1400\\.webp$`));
      expect(slide.img.width * 3).toBe(slide.img.height * 4);
      expect(slide.img.alt.length).toBeGreaterThan(20);
    }
  });
});

describe("slideViews", () => {
  it("marks the first slide active at start, none previous", () => {
    const views = slideViews(slides, initialCarousel(4));
    expect(views.map((v) => v.transClass)).toEqual([
      "carousel-in",
      "carousel-hidden",
      "carousel-hidden",
      "carousel-hidden",
    ]);
    expect(views.filter((v) => v.active)).toHaveLength(1);
    expect(views.some((v) => v.previous)).toBe(false);
  });

  it("fades the previous slide out while the active one fades in", () => {
    const views = slideViews(slides, { index: 0, previous: 3 });
    expect(views.map((v) => [v.active, v.previous, v.transClass])).toEqual([
      [true, false, "carousel-in"],
      [false, false, "carousel-hidden"],
      [false, false, "carousel-hidden"],
      [false, true, "carousel-out"],
    ]);
  });
});
