import { describe, expect, it } from "vitest";
import { focusBoxes, focuses } from "./focus.ts";
import { screenHeight, screenWidth } from "./parts.ts";
import { screens } from "./screens.ts";

describe("the carousel's wide-screen crops", () => {
  it.each(Object.entries(focusBoxes))("%s stays on the canvas", (_, { x, y, width }) => {
    const height = (width * screenHeight) / screenWidth;
    expect(x).toBeGreaterThanOrEqual(0);
    expect(y).toBeGreaterThanOrEqual(0);
    expect(x + width).toBeLessThanOrEqual(screenWidth);
    expect(y + height).toBeLessThanOrEqual(screenHeight);
  });

  it.each(Object.entries(focusBoxes))(
    "%s is the screen's drawing with a 4:3 view of its box",
    (name, { x, y, width }) => {
      const svg = focuses[`${name as keyof typeof focusBoxes}-focus`]();
      expect(svg).toContain(`viewBox="${x} ${y} ${width} ${(width * 3) / 4}"`);
      expect(svg.replace(/viewBox="[^"]*"/, "")).toBe(
        screens[name as keyof typeof focusBoxes]().replace(/viewBox="[^"]*"/, ""),
      );
    },
  );

  it("draws 13-unit labels at 9 px or more in the carousel's 565 px column at 1440", () => {
    for (const { width } of Object.values(focusBoxes)) expect((13 * 565) / width).toBeGreaterThanOrEqual(9);
  });
});
