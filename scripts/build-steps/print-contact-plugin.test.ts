import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { printContactCss, printContactPlugin } from "./print-contact-plugin.ts";

const site = loadSiteConfig({});

describe("printContactCss", () => {
  it("names the company, the sales e-mail, the phone and the site's address", () => {
    expect(printContactCss(site)).toContain(
      '--print-contact: "Tallyway Inc. · sales@tallyway.example · +1 555 010 0199 · www.tallyway.example";',
    );
  });

  it("keeps a quote or backslash in a setting inside the CSS string", () => {
    const css = printContactCss(loadSiteConfig({ COMPANY_NAME: 'The "Best" \\ Co' }));
    expect(css).toContain('"The \\"Best\\" \\\\ Co · ');
  });
});

describe("printContactPlugin", () => {
  const transform = (code: string, id: string) =>
    (printContactPlugin(site).transform as (code: string, id: string) => { code: string } | null)(code, id);

  it("adds the line to app/app.css only", () => {
    expect(transform("a{}", "/repo/app/app.css")?.code).toBe(`a{}${printContactCss(site)}`);
    expect(transform("a{}", "/repo/app/app.css?direct")?.code).toContain("--print-contact");
    expect(transform("a{}", "/repo/app/features/brand-type/brand-type.css")).toBeNull();
  });
});
