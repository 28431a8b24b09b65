import { describe, expect, it } from "vitest";
import {
  compactHeight as detailHeight,
  compactMinimumSize as detailMinimumSize,
  compactWidth as detailWidth,
} from "./compact.ts";
import { details } from "./details.ts";
import { outlineText } from "./outline.ts";
import { screenNames } from "./artworks.ts";

describe("screen details for phones", () => {
  it("there is one per product screen", () => {
    expect(Object.keys(details).sort()).toEqual(screenNames.map((name) => `${name}-detail`).sort());
  });

  it.each(Object.entries(details))("%s is a 4:3 view with no text under the minimum", (_, draw) => {
    const svg = draw();
    expect(detailWidth * 3).toBe(detailHeight * 4);
    expect(svg).toContain(`viewBox="0 0 ${detailWidth} ${detailHeight}"`);
    const sizes = [...svg.matchAll(/<text [^>]*font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(sizes.length).toBeGreaterThan(8);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(detailMinimumSize);
  });

  it.each(Object.entries(details))("%s sits in the app's window in the CRM and draws in Inter", (name, draw) => {
    const svg = draw();
    expect(svg).toContain(">Time + Expense</text>");
    expect(() => outlineText(svg)).not.toThrow();
    expect(name).toMatch(/-detail$/);
  });
});
