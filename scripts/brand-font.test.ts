// The committed brand font is what scripts/brand-font.ts makes from the installed Inter, and the
// CSS declares it with the same code points and weights.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, it } from "vitest";
import { brandFont, brandFontFile, brandWeights, unicodeRange } from "./brand-font.ts";

const css = readFileSync(new URL("../app/features/brand-type/brand-type.css", import.meta.url), "utf8");
const brandFace = /@font-face\s*{[^}]*font-family: "Inter";[^}]*}/.exec(css)?.[0] ?? "";

it("commits the font the script makes: run `npm run brand-font` after an Inter update", async () => {
  const made = await brandFont();
  expect(made.subarray(0, 4).toString("latin1")).toBe("wOF2");
  expect(readFileSync(brandFontFile).equals(made)).toBe(true);
  // Smaller than the whole variable font it is cut from, or it is not worth a file of its own.
  const source = readFileSync(
    createRequire(import.meta.url).resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
  );
  expect(made.length).toBeLessThan(source.length * 0.7);
}, 30_000);

it("is declared with the code points and weights it was cut to", () => {
  expect(brandFace).toContain('url("./inter-latin-wght-400-700.woff2") format("woff2")');
  expect(brandFace).toContain(`font-weight: ${brandWeights.min} ${brandWeights.max};`);
  expect(brandFace.replace(/\s+/g, " ")).toContain(`unicode-range: ${unicodeRange()};`);
});
