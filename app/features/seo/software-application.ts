/** The apps as SoftwareApplication structured data, from the plans the page's loader read (the "pricing" content key). */
import type { SiteConfig } from "#common/site.ts";
import { pricesOf, type Plan } from "#app/features/catalog/pricing.ts";
import { absoluteUrl } from "./meta.ts";
import { organizationId, type JsonLdNode } from "./json-ld.ts";

/** Requirements §1: the Enterprise-edition and Professional-edition apps with their three prices. */
export function softwareApplications(site: SiteConfig, plans: readonly Plan[]): JsonLdNode[] {
  return plans.map((plan) => ({
    "@type": "SoftwareApplication",
    name: plan.name,
    description: `${plan.edition} for time, expense, project, resource, billing, time-off and payroll integration, native inside ${site.platformName}.`,
    applicationCategory: "BusinessApplication",
    operatingSystem: `Web (runs inside ${site.platformName})`,
    url: absoluteUrl("/products", site.siteUrl),
    publisher: { "@id": organizationId(site) },
    // The marketplace listing's own rating, only when the company has set it (common/site.ts).
    ...(site.marketplaceRating &&
      site.marketplaceReviews && {
        aggregateRating: {
          "@type": "AggregateRating",
          ratingValue: site.marketplaceRating,
          bestRating: "5",
          ratingCount: site.marketplaceReviews,
        },
      }),
    offers: pricesOf(plan).map((price) => ({
      "@type": "Offer",
      name: price.offer,
      price: price.amount,
      priceCurrency: "USD",
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: price.amount,
        priceCurrency: "USD",
        unitText: price.unit,
      },
      url: absoluteUrl("/products", site.siteUrl),
    })),
  }));
}
