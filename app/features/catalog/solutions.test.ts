import { describe, expect, it } from "vitest";
import { renderSections } from "#app/features/content/content.server.ts";
import { site } from "#app/shared/site.ts";
import { claimPictureOf } from "./claims.ts";
import { segmentSteps, segments } from "./solutions.ts";

describe("the segments of /solutions", () => {
  it("give each section of solutions-home but the closing one a picture and next steps", () => {
    const { sections } = renderSections("solutions-home", site);
    expect(segments).toHaveLength(sections.length - 1);
    const steps = segments.map((_, index) => segmentSteps(index)!);
    expect(new Set(steps.map((step) => step.feature.path)).size).toBe(segments.length);
    expect(new Set(steps.map((step) => step.demo.path)).size).toBe(segments.length);
    for (const step of steps) {
      expect(step.picture.kind).toBe("claim");
      expect(step.picture.image.src).toMatch(/\.webp$/);
      expect(step.feature.title).not.toBe("");
    }
  });

  it("shows a segment an editor adds past the list with its words alone", () => {
    expect(segmentSteps(segments.length)).toBeNull();
  });

  it("takes a claim picture's alt text from its feature page and refuses an unknown one", () => {
    const picture = claimPictureOf("claim-project-case");
    expect(picture.kind === "claim" && picture.alt).toMatch(/^Case 00412/);
    expect(() => claimPictureOf("claim-nope" as never)).toThrow(/no feature page's claim picture/);
  });
});
