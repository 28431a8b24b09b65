import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { brandColors, logoMarkSvg } from "#common/brand.ts";
import { loadSiteConfig } from "#common/site.ts";
import { socialImage, socialImageFile, socialImageSvg } from "./social-image.ts";

const site = loadSiteConfig({});

describe("the social image", () => {
  it("is drawn in the brand colours with the logo, and escapes configured names", () => {
    const svg = socialImageSvg({ ...site, brand: "A<b>&" });
    expect(svg).toContain(`fill="${brandColors.brand900}"`);
    expect(svg).toContain(logoMarkSvg);
    expect(svg).toContain("A&lt;b&gt;&amp;");
    expect(svg).not.toContain("A<b>");
  });

  it("is written as a 1200×630 PNG", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "social-image-"));
    expect(await socialImage({ dir, site })).toMatch(/^og-image\.png \(\d+ KB\)$/);
    expect(await sharp(path.join(dir, socialImageFile)).metadata()).toMatchObject({
      format: "png",
      width: 1200,
      height: 630,
    });
  });
});
