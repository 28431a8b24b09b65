import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { atomFeed } from "./atom-feed.ts";
// The validator we did not write (Python feedparser), shared with the server's test: test support, not app code.
// eslint-disable-next-line no-restricted-imports
import { parseFeed } from "../../../tests/support/feedparser.ts";

const site = loadSiteConfig({});
const post = {
  path: "/blog/ten-tips",
  title: "Ten tips <for> time & billing",
  summary: 'What "good" looks like.',
  author: "Ann Example",
  tags: ["Billing", "Time"],
  date: "2026-05-01",
  html: '<p>Read <a href="/features/billing">billing</a> &amp; more.</p>',
};

describe("atomFeed", () => {
  it("is valid Atom for feedparser, entries carrying their link, dates, author, tags, summary and text", () => {
    const older = { ...post, path: "/blog/older", title: "Older", date: "2026-04-02", tags: [] };
    const feed = parseFeed(atomFeed(site, [post, older]));
    expect(feed).toMatchObject({
      bozo: false,
      version: "atom10",
      title: "The Tallyway blog",
      link: "https://www.tallyway.example/blog",
    });
    expect(feed.updated).toBe("2026-05-01T00:00:00Z");
    expect(feed.entries).toHaveLength(2);
    expect(feed.entries[0]).toMatchObject({
      title: "Ten tips <for> time & billing",
      link: "https://www.tallyway.example/blog/ten-tips",
      id: "https://www.tallyway.example/blog/ten-tips",
      published: "2026-05-01T00:00:00Z",
      author: "Ann Example",
      summary: 'What "good" looks like.',
      tags: ["Billing", "Time"],
    });
    // The text's relative links resolve against the post (xml:base).
    expect(feed.entries[0].content).toContain('href="https://www.tallyway.example/features/billing"');
  });

  it("is valid with no post, dated by a fixed day so every build writes the same bytes", () => {
    const xml = atomFeed(site, []);
    expect(parseFeed(xml)).toMatchObject({ bozo: false, entries: [], updated: "2012-01-01T00:00:00Z" });
    expect(atomFeed(site, [])).toBe(xml);
  });
});
