// Where a key shows and what its list calls it, in an editor's words: page names, never paths or files.
import { describe, expect, it } from "vitest";
import { keyTitle, pageName, whereShown } from "./content-keys.ts";

describe("whereShown", () => {
  it("names a post's places in words, with their paths for the links", () => {
    expect(whereShown("post/month-end")).toEqual([
      { name: "its own page", path: "/blog/month-end" },
      { name: "the blog", path: "/blog" },
      { name: "the blog's feed", path: "/blog/feed.xml" },
      { name: "the site map search engines read", path: "/sitemap.xml" },
    ]);
  });

  it("names a page's text by the pages that show it", () => {
    expect(whereShown("pricing").map((place) => place.name)).toEqual(["Home", "Products"]);
    expect(whereShown("integrations").map((place) => place.name)).toEqual([
      "Products",
      "Feature: Billing",
      "Feature: Payroll Integration",
    ]);
  });
});

describe("pageName and keyTitle", () => {
  it("call each demo page by what it shows, not its path", () => {
    expect(pageName("/demo-new-te")).toBe("Demo: new time and expense entry");
    expect(keyTitle("head/demo-timer")).toEqual({
      page: "Demos",
      name: "Demo: timer · Title and description (search, social)",
    });
  });
});
