import { describe, expect, it } from "vitest";
import { artHashes } from "./manifest.ts";
import { outlineText } from "./outline.ts";
import { textWidth } from "./parts.ts";
import { posterPhoneHeight, posterPhoneMinimumSize, posterPhones, posterPhoneWidth } from "./poster-phones.ts";
import { posterNames } from "./artworks.ts";

/** Every <text> of a drawing: its size, and where it starts and ends (by the font's widths). */
const texts = (svg: string) =>
  [
    ...svg.matchAll(
      /<text x="([\d.]+)" y="[\d.]+" [^>]*font-size="([\d.]+)" font-weight="(\d+)"[^>]*text-anchor="(\w+)"[^>]*>([^<]*)</g,
    ),
  ].map(([, x, size, weight, anchor, content]) => {
    const width = textWidth(content!.replaceAll("&amp;", "&"), Number(size), Number(weight) as 400 | 700);
    const left = Number(x) - (anchor === "middle" ? width / 2 : anchor === "end" ? width : 0);
    return { content, size: Number(size), left, right: left + width };
  });

describe("the posters' phone compositions", () => {
  it("there is one per poster", () => {
    expect(Object.keys(posterPhones).sort()).toEqual(posterNames.map((name) => `${name}-phone`).sort());
  });

  it.each(Object.entries(posterPhones))("%s is a 16:9 view with no text under the minimum", (_, draw) => {
    const svg = draw();
    expect(posterPhoneWidth * 9).toBe(posterPhoneHeight * 16);
    expect(svg).toContain(`viewBox="0 0 ${posterPhoneWidth} ${posterPhoneHeight}"`);
    const sizes = texts(svg).map((t) => t.size);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(posterPhoneMinimumSize);
    expect(() => outlineText(svg)).not.toThrow();
  });

  it.each(Object.entries(posterPhones))("%s keeps its words on the cards, clear of the play button", (_, draw) => {
    for (const { content, left, right } of texts(draw())) {
      // The play button takes the middle (x 161–239 at 286 px wide); the cards are 144 wide, 12 from the edge.
      const onLeftCard = left >= 12 && right <= 12 + 144 - 8;
      const onRightCard = left >= 244 && right <= 388 - 8;
      expect(onLeftCard || onRightCard, `"${content}" spans ${left}–${Math.round(right)}`).toBe(true);
    }
  });

  it("share their poster's hash, which changes with either drawing", () => {
    const hashes = artHashes();
    for (const name of posterNames) expect(hashes[`${name}-phone`]).toBe(hashes[name]);
    expect(new Set(posterNames.map((name) => hashes[name])).size).toBe(posterNames.length);
  });
});
