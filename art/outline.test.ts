import { describe, expect, it } from "vitest";
import { interWidth } from "./inter.ts";
import { outlineText } from "./outline.ts";
import { text } from "./parts.ts";
import { artworks } from "./artworks.ts";

describe("outlineText", () => {
  it("turns each text into one path of its glyphs, keeping its paint", () => {
    const svg = `<svg>${text(10, 20, "Total & tax", { size: 16, weight: 700, fill: "#123456" })}<rect/></svg>`;
    const out = outlineText(svg);
    expect(out).not.toContain("<text");
    expect(out).toMatch(/^<svg><path d="M[^"]+" fill="#123456"\/><rect\/><\/svg>$/);
  });

  it("anchors at the end as text-anchor does: the glyphs end at x", () => {
    const path = outlineText(text(200, 20, "I", { size: 100, anchor: "end" }));
    const xs = [...path.matchAll(/([\d.]+)[ ,]([\d.]+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...xs)).toBeLessThanOrEqual(200);
    expect(Math.max(...xs)).toBeGreaterThan(200 - interWidth("I", 100));
  });

  it("refuses a character Inter's Latin cut lacks, rather than draw an empty box", () => {
    expect(() => outlineText(text(0, 0, "Hours → payroll", { size: 16 }))).toThrow(/no glyph for "→"/);
  });
});

describe("every artwork", () => {
  it.each(Object.keys(artworks))("%s outlines in Inter, with no text left", (name) => {
    expect(outlineText(artworks[name as keyof typeof artworks]())).not.toContain("<text");
  });
});

describe("interWidth", () => {
  it("measures bold wider than regular, and grows with the size", () => {
    expect(interWidth("Timesheets", 15, 700)).toBeGreaterThan(interWidth("Timesheets", 15, 400));
    expect(interWidth("Timesheets", 30)).toBeCloseTo(2 * interWidth("Timesheets", 15), 5);
  });
});
