/**
 * Structured data for search engines (schema.org as JSON-LD): the company, the demo videos
 * and the breadcrumb trail of demo and feature pages (the apps and the FAQ have modules of their own). Pure functions of the site configuration; routes add them through `pageMeta`,
 * which renders them into the prerendered <head> as one <script type="application/ld+json">.
 */
import type { MetaDescriptor } from "react-router";
import type { SiteConfig } from "#common/site.ts";
import { absoluteUrl } from "./meta.ts";
import { telHref } from "#app/shared/links.ts";

export type JsonLdNode = { "@type": string; "@id"?: string } & Record<string, unknown>;

export const organizationId = (site: SiteConfig) => `${site.siteUrl}/#organization`;

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
    address: {
      "@type": "PostalAddress",
      streetAddress: site.street,
      addressLocality: site.city,
      addressCountry: site.country,
    },
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "sales",
        email: site.salesEmail,
        telephone: telHref(site.phone).slice("tel:".length),
      },
      { "@type": "ContactPoint", contactType: "customer support", email: site.supportEmail },
    ],
  };
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
    thumbnailUrl: site.videoThumbHost
      ? `${site.videoThumbHost}/${id}/hqdefault.jpg`
      : absoluteUrl("/og-image.png", site.siteUrl),
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
