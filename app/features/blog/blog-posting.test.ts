import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { buildMeta } from "#app/features/seo/meta.ts";
import { blogPosting, postHead } from "./blog-posting.ts";

const site = loadSiteConfig({});
const post = {
  path: "/blog/ten-tips",
  title: "Ten tips",
  summary: "What good time tracking looks like.",
  author: "Ann Example",
  tags: ["Billing", "Time"],
  date: "2026-05-01",
  image: "/assets/uploads/3f2a9c1b0d4e5f67-1200x800-1200.webp",
};

describe("blogPosting", () => {
  it("describes the post for search engines: headline, dates, author, publisher, image, keywords", () => {
    expect(blogPosting(site, post)).toEqual({
      "@type": "BlogPosting",
      "@id": "https://www.tallyway.example/blog/ten-tips#post",
      headline: "Ten tips",
      description: "What good time tracking looks like.",
      url: "https://www.tallyway.example/blog/ten-tips",
      mainEntityOfPage: "https://www.tallyway.example/blog/ten-tips",
      datePublished: "2026-05-01",
      dateModified: "2026-05-01",
      author: { "@type": "Person", name: "Ann Example" },
      publisher: { "@id": "https://www.tallyway.example/#organization" },
      image: "https://www.tallyway.example/assets/uploads/3f2a9c1b0d4e5f67-1200x800-1200.webp",
      keywords: "Billing, Time",
      isPartOf: { "@type": "Blog", name: "The Tallyway blog", url: "https://www.tallyway.example/blog" },
    });
  });

  it("falls back to the site's social image and leaves keywords out without tags", () => {
    const node = blogPosting(site, { ...post, image: undefined, tags: [] });
    expect(node.image).toBe("https://www.tallyway.example/og-image.png");
    expect(node).not.toHaveProperty("keywords");
  });
});

describe("postHead", () => {
  it("makes an article's head: canonical, Open Graph article with its time, a large Twitter card with a cover", () => {
    const meta = buildMeta(postHead(post), site);
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: "Ten tips | Tallyway" },
        { name: "description", content: post.summary },
        { name: "author", content: "Ann Example" },
        { tagName: "link", rel: "canonical", href: "https://www.tallyway.example/blog/ten-tips" },
        { property: "og:type", content: "article" },
        { property: "article:published_time", content: "2026-05-01" },
        { property: "article:section", content: "Billing" },
        { name: "twitter:card", content: "summary_large_image" },
        {
          property: "og:image",
          content: "https://www.tallyway.example/assets/uploads/3f2a9c1b0d4e5f67-1200x800-1200.webp",
        },
      ]),
    );
    expect(buildMeta(postHead({ ...post, image: undefined }), site)).toContainEqual({
      name: "twitter:card",
      content: "summary",
    });
  });
});
