import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { breadcrumbList, jsonLdMeta, organization, videoObject } from "./json-ld.ts";
import { softwareApplications } from "./software-application.ts";
import { plansOf } from "#app/features/catalog/pricing.ts";
import { structuredContent } from "#app/features/content/content.server.ts";

const site = loadSiteConfig({});

describe("organization", () => {
  it("names the company with its address, phone and both e-mails", () => {
    const org = organization(site);
    expect(org).toMatchObject({
      "@type": "Organization",
      name: "Tallyway Inc.",
      url: "https://www.tallyway.example",
      telephone: "+15550100199",
      address: {
        "@type": "PostalAddress",
        streetAddress: "100 Example Street, Suite 200",
        addressLocality: "Springfield",
        addressCountry: "USA",
      },
    });
    expect(JSON.stringify(org)).toContain("sales@tallyway.example");
    expect(JSON.stringify(org)).toContain("support@tallyway.example");
  });
});

describe("softwareApplications", () => {
  it("lists the two apps with the three prices of requirements §1 in USD", () => {
    const apps = softwareApplications(site, plansOf(structuredContent("pricing", site)));
    expect(apps.map((a) => a["@type"])).toEqual(["SoftwareApplication", "SoftwareApplication"]);
    expect(apps.map((a) => a.name)).toEqual(["Tallyway Time + Expense", "Tallyway TE Pro"]);
    const offers = apps.flatMap(
      (a) => a.offers as { price: string; priceCurrency: string; priceSpecification: { unitText: string } }[],
    );
    expect(offers.map((o) => [o.price, o.priceCurrency, o.priceSpecification.unitText])).toEqual([
      ["8.33", "USD", "per user per month"],
      ["999", "USD", "a year for a pack of 10 users"],
      ["999", "USD", "per year"],
    ]);
    expect(apps.some((a) => "aggregateRating" in a)).toBe(false);
  });

  it("carries the marketplace rating only when the company has set it", () => {
    const rated = loadSiteConfig({ MARKETPLACE_RATING: "4.8", MARKETPLACE_REVIEWS: "37" });
    const [app] = softwareApplications(rated, plansOf(structuredContent("pricing", rated)));
    expect(app.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: "4.8",
      bestRating: "5",
      ratingCount: "37",
    });
  });
});

describe("videoObject", () => {
  it("points at the video's thumbnail, embed and watch URLs", () => {
    const video = videoObject(loadSiteConfig({ VIDEO_THUMB_HOST: "https://i.ytimg.com/vi" }), {
      videoId: "abc 1",
      videoTitle: "Timer",
      description: "The timer.",
    });
    expect(video).toMatchObject({
      "@type": "VideoObject",
      name: "Timer",
      description: "The timer.",
      thumbnailUrl: "https://i.ytimg.com/vi/abc%201/hqdefault.jpg",
      embedUrl: "https://www.youtube-nocookie.com/embed/abc%201",
      url: "https://www.youtube.com/watch?v=abc%201",
    });
  });
});

describe("videoObject without a thumbnail host", () => {
  it("uses the site's own social image as the thumbnail", () => {
    expect(videoObject(site, { videoId: "x", videoTitle: "T", description: "D" }).thumbnailUrl).toBe(
      "https://www.tallyway.example/og-image.png",
    );
  });
});

describe("breadcrumbList", () => {
  it("starts at Home and numbers each crumb with its absolute URL", () => {
    expect(
      breadcrumbList(site, [
        { name: "Demo", path: "/demo" },
        { name: "Timer Demo", path: "/demo-timer" },
      ]).itemListElement,
    ).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://www.tallyway.example/" },
      { "@type": "ListItem", position: 2, name: "Demo", item: "https://www.tallyway.example/demo" },
      { "@type": "ListItem", position: 3, name: "Timer Demo", item: "https://www.tallyway.example/demo-timer" },
    ]);
  });
});

describe("jsonLdMeta", () => {
  it("wraps the nodes in one schema.org graph for React Router's script:ld+json", () => {
    const meta = jsonLdMeta([organization(site)]) as { "script:ld+json": { "@context": string; "@graph": unknown[] } };
    expect(meta["script:ld+json"]["@context"]).toBe("https://schema.org");
    expect(meta["script:ld+json"]["@graph"]).toHaveLength(1);
    expect(JSON.parse(JSON.stringify(meta))).toEqual(meta);
  });
});
