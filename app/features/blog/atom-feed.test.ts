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

  it("carries a post's cover: its JPEG above the text, with its size and words, and as the entry's thumbnail", () => {
    const cover = {
      path: "/assets/uploads/3f2a9c1b0d4e5f67-1600x900-1200.jpg",
      width: 1200,
      height: 675,
      alt: 'The "team" & us',
    };
    const xml = atomFeed(site, [
      { ...post, cover },
      { ...post, path: "/blog/plain", title: "Plain" },
    ]);
    const feed = parseFeed(xml);
    expect(feed).toMatchObject({ bozo: false, version: "atom10" });
    const jpeg = "https://www.tallyway.example/assets/uploads/3f2a9c1b0d4e5f67-1600x900-1200.jpg";
    expect(feed.entries[0].thumbnails).toEqual([{ url: jpeg, width: "1200", height: "675" }]);
    // As feedparser reads it back (its sanitizer sorts the attributes), first in the entry's text.
    expect(feed.entries[0].content).toMatch(
      /^<p><img alt="The &quot;team&quot; &amp; us" height="675" src="([^"]+)" width="1200" \/><\/p>\s*<p>Read/,
    );
    expect(/src="([^"]+)"/.exec(feed.entries[0].content)?.[1]).toBe(jpeg);
    expect(feed.entries[1].thumbnails).toEqual([]);
    expect(feed.entries[1].content).not.toContain("<img");
  });

  it("is valid with no post, dated by a fixed day so every build writes the same bytes", () => {
    const xml = atomFeed(site, []);
    expect(parseFeed(xml)).toMatchObject({ bozo: false, entries: [], updated: "2012-01-01T00:00:00Z" });
    expect(atomFeed(site, [])).toBe(xml);
  });
});
