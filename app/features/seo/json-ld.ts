/**
 * Structured data for search engines (schema.org as JSON-LD): the company, the two apps
 * with their three prices, the demo videos and the breadcrumb trail of demo and feature
 * pages. Pure functions of the site configuration; routes add them through `pageMeta`,
 * which renders them into the prerendered <head> as one <script type="application/ld+json">.
 */
import type { MetaDescriptor } from "react-router";
import type { SiteConfig } from "#common/site.ts";
import { absoluteUrl } from "./meta.ts";
import { telHref } from "#app/shared/links.ts";
import { plans } from "#app/features/catalog/pricing.ts";

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

/** Spec §1: the Enterprise-edition and Professional-edition apps with their three prices. */
export function softwareApplications(site: SiteConfig): JsonLdNode[] {
  return plans(site).map((plan) => ({
    "@type": "SoftwareApplication",
    name: plan.name,
    description: `${plan.edition} for time, expense, project, resource, billing, time-off and payroll integration, native inside ${site.platformName}.`,
    applicationCategory: "BusinessApplication",
    operatingSystem: `Web (runs inside ${site.platformName})`,
    url: absoluteUrl("/products", site.siteUrl),
    publisher: { "@id": organizationId(site) },
    offers: plan.prices.map((price) => ({
      "@type": "Offer",
      name: price.offer,
      price: price.amount,
      priceCurrency: "USD",
      priceSpecification: { "@type": "UnitPriceSpecification", price: price.amount, priceCurrency: "USD", unitText: price.unit },
      url: absoluteUrl("/products", site.siteUrl),
    })),
  }));
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
    // Without a thumbnail host the site shows its own poster; the social image stands in here.
    thumbnailUrl: site.videoThumbHost ? `${site.videoThumbHost}/${id}/hqdefault.jpg` : absoluteUrl("/og-image.png", site.siteUrl),
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
