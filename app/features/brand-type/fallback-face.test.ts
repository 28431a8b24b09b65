import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { brandFamily, fallbackFontFace } from "./fallback-face.ts";

const css = readFileSync(new URL("./brand-type.css", import.meta.url), "utf8");
const declarations = (block: string) =>
  Object.fromEntries([...block.matchAll(/([a-z-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim()]));
const fallbackBlock = () => /@font-face\s*{[^}]*"Inter Fallback"[^}]*}/.exec(css)?.[0] ?? "";

describe("brand type", () => {
  it("commits exactly the metric overrides Capsize computes for the fallback", () => {
    const expected = declarations(fallbackFontFace().fontFaces);
    const committed = declarations(fallbackBlock());
    for (const name of ["ascent-override", "descent-override", "line-gap-override", "size-adjust", "font-display"])
      expect(committed[name], name).toBe(expected[name]);
    expect(fallbackFontFace().fontFamily).toBe(`${brandFamily}, "Inter Fallback", Arial`);
  });

  it("self-hosts the Latin variable woff2 with swap, and the theme uses the brand font before its fallback", () => {
    const brandFace = /@font-face\s*{[^}]*font-family: "Inter";[^}]*}/.exec(css)?.[0] ?? "";
    expect(brandFace).toContain('inter-latin-wght-400-700.woff2") format("woff2")');
    expect(brandFace).toContain("font-display: swap");
    const theme = readFileSync(new URL("../../app.css", import.meta.url), "utf8");
    expect(theme).toMatch(/--font-sans:\s*"Inter", "Inter Fallback"/);
  });
});
