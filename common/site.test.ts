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
  it("rejects an empty required value", () => {
    expect(() => loadSiteConfig({ SITE_BRAND: "  " })).toThrow(/SITE_BRAND must not be empty/);
  });
});
