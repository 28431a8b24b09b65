/**
 * The one meta builder (requirements §3 "Page meta data", rules at the end of requirements §9): turns a
 * page's meta fields into the tags React Router renders into the prerendered <head>.
 */
import type { MetaDescriptor } from "react-router";
import { pagePath } from "#common/paths.ts";
import type { SiteConfig } from "#common/site.ts";

export interface PageMeta {
  /** Page title without the brand; absent on the home page. */
  title?: string;
  description: string;
  keywords: string;
  /** Path of the page, e.g. "/features/billing". */
  url: string;
  author?: string;
  /** Default social image; image_tw / image_og override it per network. */
  image?: string;
  image_tw?: string;
  image_og?: string;
  card?: "summary" | "summary_large_image";
  twSite?: string;
  type?: "website" | "article" | "video.other";
  fbAppId?: string;
  published?: string;
  modified?: string;
  section?: string;
}

/** "Title | Brand", or the brand alone when there is no page title. */
export function documentTitle(title: string | undefined, brand: string): string {
  return title ? `${title} | ${brand}` : brand;
}

/** Relative URLs are prefixed with the site base URL; absolute ones pass through. */
export function absoluteUrl(url: string, siteUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return `${siteUrl}/${url.replace(/^\/+/, "")}`;
}

/** Canonical URL of a path: no trailing slash except for the root. */
export function canonicalUrl(path: string, siteUrl: string): string {
  const clean = pagePath(path);
  return `${siteUrl}${clean.startsWith("/") ? clean : `/${clean}`}`;
}

export function buildMeta(page: PageMeta, site: SiteConfig): MetaDescriptor[] {
  const title = documentTitle(page.title, site.brand);
  const url = canonicalUrl(page.url, site.siteUrl);
  const image = page.image ?? "/og-image.png";
  const ogImage = absoluteUrl(page.image_og ?? image, site.siteUrl);
  const twImage = absoluteUrl(page.image_tw ?? image, site.siteUrl);
  const fbAppId = page.fbAppId ?? site.fbAppId;
  const tags: (MetaDescriptor | false)[] = [
    { title },
    { name: "description", content: page.description },
    { name: "keywords", content: page.keywords },
    { name: "author", content: page.author ?? site.company },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: ogImage },
    { property: "og:site_name", content: site.brand },
    !!fbAppId && { property: "fb:app_id", content: fbAppId },
    { name: "twitter:card", content: page.card ?? "summary" },
    { name: "twitter:site", content: page.twSite ?? site.twitterSite },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: twImage },
    !!page.published && { property: "article:published_time", content: page.published },
    !!page.modified && { property: "article:modified_time", content: page.modified },
    !!page.section && { property: "article:section", content: page.section },
  ];
  return tags.filter((tag): tag is MetaDescriptor => tag !== false);
}
