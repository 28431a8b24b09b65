/**
 * A post's structured data (schema.org BlogPosting) and its head fields: what search engines and
 * social cards read. Pure functions of the post and the site's settings.
 */
import type { SiteConfig } from "#common/site.ts";
import { absoluteUrl, type PageMeta } from "#app/features/seo/meta.ts";
import { organizationId, type JsonLdNode } from "#app/features/seo/json-ld.ts";

export interface PostFacts {
  path: string;
  title: string;
  summary: string;
  author: string;
  tags: readonly string[];
  date: string;
  /** The cover's image address (a path of the site or the image host's), when there is one. */
  image?: string;
}

export function blogPosting(site: SiteConfig, post: PostFacts): JsonLdNode {
  const url = absoluteUrl(post.path, site.siteUrl);
  return {
    "@type": "BlogPosting",
    "@id": `${url}#post`,
    headline: post.title,
    description: post.summary,
    url,
    mainEntityOfPage: url,
    datePublished: post.date,
    dateModified: post.date,
    author: { "@type": "Person", name: post.author },
    publisher: { "@id": organizationId(site) },
    image: absoluteUrl(post.image ?? "/og-image.png", site.siteUrl),
    ...(post.tags.length ? { keywords: post.tags.join(", ") } : {}),
    isPartOf: { "@type": "Blog", name: `The ${site.brand} blog`, url: absoluteUrl("/blog", site.siteUrl) },
  };
}

/** The head of a post's page: an article, with its summary as description and its cover as the social image. */
export function postHead(post: PostFacts): PageMeta {
  return {
    title: post.title,
    description: post.summary,
    keywords: post.tags.join(", "),
    url: post.path,
    author: post.author,
    type: "article",
    published: post.date,
    modified: post.date,
    ...(post.tags[0] ? { section: post.tags[0] } : {}),
    ...(post.image ? { image: post.image, card: "summary_large_image" as const } : {}),
  };
}
