import { describe, expect, it } from "vitest";
import { isPostKey, pagesShowingPost, postKeyOf, slugFrom, slugOfPostKey, slugProblem } from "./post-keys.ts";

describe("post slugs", () => {
  it("takes lower-case words joined by single hyphens", () => {
    expect(slugProblem("time-tracking-tips")).toBeUndefined();
    expect(slugProblem("2026-review")).toBeUndefined();
    for (const bad of ["", "Time", "a--b", "-a", "a-", "a b", "a/b", "é", "x".repeat(81)])
      expect(slugProblem(bad)).toBeDefined();
  });

  it("refuses the blog's own paths", () => {
    expect(slugProblem("feed")).toMatch(/taken by the blog/);
  });

  it("makes a slug from a title", () => {
    expect(slugFrom("Ten tips for time tracking!")).toBe("ten-tips-for-time-tracking");
    expect(slugFrom("  Crème brûlée & billing  ")).toBe("creme-brulee-and-billing");
    expect(slugFrom("—")).toBe("");
    expect(slugFrom("a ".repeat(60)).length).toBeLessThanOrEqual(80);
    expect(slugProblem(slugFrom("a ".repeat(60)))).toBeUndefined();
  });

  it("names a post's key and pages", () => {
    expect(postKeyOf("hello")).toBe("post/hello");
    expect(isPostKey("post/hello")).toBe(true);
    expect(isPostKey("post/Hello")).toBe(false);
    expect(isPostKey("post/a/b")).toBe(false);
    expect(isPostKey("posts/hello")).toBe(false);
    expect(slugOfPostKey("post/hello")).toBe("hello");
    expect(pagesShowingPost("post/hello")).toEqual(["/blog/hello", "/blog", "/blog/feed.xml", "/sitemap.xml"]);
  });
});
