import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { features } from "#app/features/catalog/features.ts";
import { loadSiteConfig } from "#common/site.ts";
import {
  absoluteLinks,
  featureListFileName,
  featureListHtml,
  featureListPdf,
  featureSections,
  prebuiltFeatureList,
} from "./feature-list-pdf";

const site = loadSiteConfig({});

describe("the feature list document", () => {
  const sections = featureSections(site);

  it("has one section per feature page, in tab order, from the feature content", () => {
    expect(sections.map((s) => s.title)).toEqual(features.map((f) => f.title));
    expect(sections[0].html).toContain("project selection modes");
    const html = featureListHtml(site, sections, 2026);
    expect(html.match(/<section class="feature">/g)).toHaveLength(7);
    expect(html).toContain('<section class="cover">');
    expect(html).toContain('counter(page) " of " counter(pages)');
    expect(html).toContain("USD 8.33 per user per month, or USD 999 a year for a pack of 10 users");
    expect(html).toContain("USD 999 per year");
  });

  it("makes site links absolute so they work from the PDF", () => {
    expect(
      absoluteLinks('<a href="/features/project">p</a> <a href="//cdn.x/y">c</a>', "https://www.tallyway.example"),
    ).toBe('<a href="https://www.tallyway.example/features/project">p</a> <a href="//cdn.x/y">c</a>');
    expect(sections.every((s) => !s.html.includes('href="/'))).toBe(true);
  });

  it("escapes configured names", () => {
    expect(featureListHtml({ ...site, brand: "A<b>&" }, [], 2026)).toContain("A&lt;b&gt;&amp;");
  });

  it("is named after the product slug", () => {
    expect(featureListFileName(site)).toBe("Tallyway_FeatureList.pdf");
  });
});

describe("the featureListPdf step", () => {
  it("ships the prebuilt copy under media/ where there is no Chromium", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "feature-list-"));
    try {
      expect(await featureListPdf({ dir, site }, path.join(dir, "no-chromium"))).toBe(
        `copied the prebuilt media${path.sep}Tallyway_FeatureList.pdf`,
      );
      const file = path.join(dir, "media", "Tallyway_FeatureList.pdf");
      expect(existsSync(file) && readFileSync(file).equals(readFileSync(prebuiltFeatureList))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
