import { describe, expect, it } from "vitest";
import { ConfigError, loadSiteConfig } from "./site";

describe("loadSiteConfig", () => {
  it("gives the placeholder identity with no environment", () => {
    const site = loadSiteConfig({});
    expect(site.company).toBe("Tallyway Inc.");
    expect(site.siteUrl).toBe("https://www.tallyway.example");
    expect(site.imageHost).toBe("");
  });
  it("takes overrides from environment variables and drops trailing slashes of URLs", () => {
    const site = loadSiteConfig({ SITE_URL: "https://www.example.com/", SALES_EMAIL: "a@example.com" });
    expect(site.siteUrl).toBe("https://www.example.com");
    expect(site.salesEmail).toBe("a@example.com");
  });
  it("names every bad variable in one error", () => {
    const load = () => loadSiteConfig({ SITE_URL: "not a url", SALES_EMAIL: "nope", IMAGE_HOST: "ftp://x.example" });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/SITE_URL .*"not a url"/);
    expect(load).toThrow(/SALES_EMAIL must be an e-mail address/);
    expect(load).toThrow(/IMAGE_HOST/);
  });
  it("takes a marketplace rating from 1 to 5 only together with its number of reviews", () => {
    expect(loadSiteConfig({}).marketplaceRating).toBe("");
    expect(loadSiteConfig({ MARKETPLACE_RATING: "4.85", MARKETPLACE_REVIEWS: "37" }).marketplaceRating).toBe("4.85");
    for (const bad of ["5.5", "0.9", "four", "4,8", "4.888"])
      expect(() => loadSiteConfig({ MARKETPLACE_RATING: bad, MARKETPLACE_REVIEWS: "3" }), bad).toThrow(
        /MARKETPLACE_RATING must be empty or a rating from 1 to 5/,
      );
    expect(() => loadSiteConfig({ MARKETPLACE_RATING: "4.8", MARKETPLACE_REVIEWS: "0" })).toThrow(
      /MARKETPLACE_REVIEWS must be empty or a whole number/,
    );
    expect(() => loadSiteConfig({ MARKETPLACE_RATING: "4.8" })).toThrow(/must be set together/);
    expect(() => loadSiteConfig({ MARKETPLACE_REVIEWS: "12" })).toThrow(/must be set together/);
  });
  it("rejects an empty required value", () => {
    expect(() => loadSiteConfig({ SITE_BRAND: "  " })).toThrow(/SITE_BRAND must not be empty/);
  });
});
