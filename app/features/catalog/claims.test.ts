import { describe, expect, it } from "vitest";
import { renderSections } from "#app/features/content/content.server.ts";
import { site } from "#app/shared/site.ts";
import { claimPictures, sectionPictures } from "./claims.ts";
import { features } from "./features.ts";

describe("a picture per claim of each feature page", () => {
  it.each(features.map((feature) => [feature.path, feature] as const))(
    "%s has one picture for each of its sections, none twice",
    (path, feature) => {
      const { sections } = renderSections(feature.contentKey, site);
      const pictures = claimPictures[path];
      expect(pictures).toHaveLength(sections.length);
      const names = pictures.map((picture) => ("claim" in picture ? picture.claim : picture.screen));
      expect(new Set(names).size).toBe(names.length);
      // The page's main screen stands beside the intro; a section does not show it again.
      expect(names).not.toContain(feature.screens[0]);
    },
  );

  it("every claim drawing has an alt text of its own that says what it shows", () => {
    for (const path of Object.keys(claimPictures) as (keyof typeof claimPictures)[])
      for (const picture of sectionPictures(path))
        if (picture.kind === "claim") {
          expect(picture.alt.length).toBeGreaterThan(40);
          expect(picture.image.src).toMatch(new RegExp(`/assets/img/${picture.name}-[0-9a-f]{10}-1400\\.webp$`));
          expect(picture.image.width * 3).toBe(picture.image.height * 4);
        }
  });
});
