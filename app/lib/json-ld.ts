/**
 * Structured data for search engines (schema.org as JSON-LD): the company, the two apps
 * with their three prices, the demo videos and the breadcrumb trail of demo and feature
 * pages. Pure functions of the site configuration; routes add them through `pageMeta`,
 * which renders them into the prerendered <head> as one <script type="application/ld+json">.
 */
import type { MetaDescriptor } from "react-router";
import type { SiteConfig } from "../../common/site";
import { absoluteUrl } from "./meta";
import { telHref } from "./links";

export type JsonLdNode = { "@type": string; "@id"?: string } & Record<string, unknown>;

const organizationId = (site: SiteConfig) => `${site.siteUrl}/#organization`;

export function organization(site: SiteConfig): JsonLdNode {
  return {
    "@type": "Organization",
    "@id": organizationId(site),
    name: site.company,
    url: site.siteUrl,
    logo: absoluteUrl("/favicon.svg", site.siteUrl),
    email: site.salesEmail,
    telephone: telHref(site.phone).slice("tel:".length),
    foundingDate: site.foundedYear,
    address: { "@type": "PostalAddress", streetAddress: site.street, addressLocality: site.city, addressCountry: site.country },
    contactPoint: [
      { "@type": "ContactPoint", contactType: "sales", email: site.salesEmail, telephone: telHref(site.phone).slice("tel:".length) },
      { "@type": "ContactPoint", contactType: "customer support", email: site.supportEmail },
    ],
  };
}

/** Spec §1 prices: the Enterprise-edition app per user per month or per 10 users a year; the Professional-edition app per year. */
export function softwareApplications(site: SiteConfig): JsonLdNode[] {
  const app = (name: string, description: string, offers: JsonLdNode[]): JsonLdNode => ({
    "@type": "SoftwareApplication",
    name,
    description,
    applicationCategory: "BusinessApplication",
    operatingSystem: `Web (runs inside ${site.platformName})`,
    url: absoluteUrl("/products", site.siteUrl),
    publisher: { "@id": organizationId(site) },
    offers,
  });
  const offer = (name: string, price: string, unitText: string): JsonLdNode => ({
    "@type": "Offer",
    name,
    price,
    priceCurrency: "USD",
    priceSpecification: { "@type": "UnitPriceSpecification", price, priceCurrency: "USD", unitText },
    url: absoluteUrl("/products", site.siteUrl),
  });
  return [
    app(
      site.productName,
      `Time, expense, project, resource, billing, time-off and payroll integration for the Enterprise edition of ${site.platformName}.`,
      [offer("Per user", "8.33", "per user per month"), offer("10 users", "999", "per 10 users per year")],
    ),
    app(site.proProductName, `Time and expense management for the Professional edition of ${site.platformName}.`, [
      offer("Annual", "999", "per year"),
    ]),
  ];
}

export interface VideoFacts {
  videoId: string;
  videoTitle: string;
  description: string;
}

export function videoObject(site: SiteConfig, video: VideoFacts): JsonLdNode {
  const id = encodeURIComponent(video.videoId);
  return {
    "@type": "VideoObject",
    name: video.videoTitle,
    description: video.description,
    thumbnailUrl: `${site.videoThumbHost}/${id}/hqdefault.jpg`,
    embedUrl: `${site.videoHost}/embed/${id}`,
    url: `${site.videoWatchUrl}?v=${id}`,
    publisher: { "@id": organizationId(site) },
  };
}

/** The trail from Home to the page, e.g. Home › Demo › Timer Demo. */
export function breadcrumbList(site: SiteConfig, trail: readonly { name: string; path: string }[]): JsonLdNode {
  return {
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", path: "/" }, ...trail].map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path, site.siteUrl),
    })),
  };
}

/** One meta descriptor that React Router renders as <script type="application/ld+json">. */
export function jsonLdMeta(nodes: readonly JsonLdNode[]): MetaDescriptor {
  return { "script:ld+json": { "@context": "https://schema.org", "@graph": nodes } };
}
