import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { absoluteUrl, buildMeta, canonicalUrl, documentTitle } from "./meta.ts";

const site = loadSiteConfig({ SITE_URL: "https://www.example.com", SITE_BRAND: "Brand", COMPANY_NAME: "Brand Inc." });
const base = { description: "A page.", keywords: "a, b", url: "/features" };
const find = (tags: ReturnType<typeof buildMeta>, key: string) =>
  tags.find((t) => ("name" in t && t.name === key) || ("property" in t && t.property === key));

describe("documentTitle", () => {
  it("is the brand alone without a page title", () => expect(documentTitle(undefined, "Brand")).toBe("Brand"));
  it("suffixes a pipe and the brand to a page title", () =>
    expect(documentTitle("Features", "Brand")).toBe("Features | Brand"));
  it("treats an empty title as no title", () => expect(documentTitle("", "Brand")).toBe("Brand"));
});

describe("absoluteUrl", () => {
  it("prefixes relative URLs with the site base URL", () => {
    expect(absoluteUrl("/img/a.png", "https://www.example.com")).toBe("https://www.example.com/img/a.png");
    expect(absoluteUrl("img/a.png", "https://www.example.com")).toBe("https://www.example.com/img/a.png");
  });
  it("leaves absolute URLs alone", () =>
    expect(absoluteUrl("https://cdn.example.org/a.png", "https://x.example")).toBe("https://cdn.example.org/a.png"));
});

describe("canonicalUrl", () => {
  it("keeps the root slash and drops trailing slashes elsewhere", () => {
    expect(canonicalUrl("/", "https://www.example.com")).toBe("https://www.example.com/");
    expect(canonicalUrl("/demo/", "https://www.example.com")).toBe("https://www.example.com/demo");
  });
});

describe("buildMeta", () => {
  it("uses the defaults of requirements §9: brand title, company author, summary card, og:type website", () => {
    const tags = buildMeta({ ...base, url: "/" }, site);
    expect(tags).toContainEqual({ title: "Brand" });
    expect(find(tags, "author")).toMatchObject({ content: "Brand Inc." });
    expect(find(tags, "twitter:card")).toMatchObject({ content: "summary" });
    expect(find(tags, "og:type")).toMatchObject({ content: "website" });
  });
  it("writes title, description, keywords, canonical and og:url for a page", () => {
    const tags = buildMeta({ ...base, title: "Features" }, site);
    expect(tags).toContainEqual({ title: "Features | Brand" });
    expect(find(tags, "og:title")).toMatchObject({ content: "Features | Brand" });
    expect(find(tags, "description")).toMatchObject({ content: "A page." });
    expect(find(tags, "keywords")).toMatchObject({ content: "a, b" });
    expect(find(tags, "og:url")).toMatchObject({ content: "https://www.example.com/features" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://www.example.com/features" });
  });
  it("prefixes relative images and lets image_og and image_tw override the image", () => {
    const tags = buildMeta({ ...base, image: "/a.png", image_tw: "https://cdn.example.org/tw.png" }, site);
    expect(find(tags, "og:image")).toMatchObject({ content: "https://www.example.com/a.png" });
    expect(find(tags, "twitter:image")).toMatchObject({ content: "https://cdn.example.org/tw.png" });
  });
  it("honours explicit author, card, type, twSite, fbAppId and article times", () => {
    const tags = buildMeta(
      {
        ...base,
        author: "Ann",
        card: "summary_large_image",
        type: "article",
        twSite: "@x",
        fbAppId: "42",
        published: "2020-01-01",
        modified: "2020-02-01",
        section: "Demo",
      },
      site,
    );
    expect(find(tags, "author")).toMatchObject({ content: "Ann" });
    expect(find(tags, "twitter:card")).toMatchObject({ content: "summary_large_image" });
    expect(find(tags, "og:type")).toMatchObject({ content: "article" });
    expect(find(tags, "twitter:site")).toMatchObject({ content: "@x" });
    expect(find(tags, "fb:app_id")).toMatchObject({ content: "42" });
    expect(find(tags, "article:published_time")).toMatchObject({ content: "2020-01-01" });
    expect(find(tags, "article:modified_time")).toMatchObject({ content: "2020-02-01" });
    expect(find(tags, "article:section")).toMatchObject({ content: "Demo" });
  });
  it("omits optional tags that have no value", () => {
    const tags = buildMeta(base, site);
    expect(find(tags, "fb:app_id")).toBeUndefined();
    expect(find(tags, "article:published_time")).toBeUndefined();
  });
});
