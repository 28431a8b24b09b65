import { describe, expect, it } from "vitest";
import { pageName, pagePathsByName, pathOfUnlistedName, pathsByName } from "./page-names.ts";

describe("pagePathsByName", () => {
  it("reads each page name back as the site path it was made from", () => {
    const paths = ["/", "/features", "/features/billing", "/demo-timesheet", "/features/time-off"];
    const pathOf = pagePathsByName(paths);
    for (const path of paths) expect(pathOf(pageName(path))).toBe(path);
  });
  it("reads a name the site no longer has as a path of that name", () => {
    const pathOf = pagePathsByName(["/features/billing"]);
    expect([pathOf("pricing"), pathOf("home")]).toEqual(["/pricing", "/"]);
  });
  it("reads a blog post's name as its address under /blog (posts are in no built list), the blog itself as /blog", () => {
    const slug = "month-end-close-in-three-days-a-checklist";
    const pathOf = pagePathsByName(["/blog", "/features/billing"]);
    expect(pathOf(pageName(`/blog/${slug}`))).toBe(`/blog/${slug}`);
    expect(pathOf("blog")).toBe("/blog");
    expect(pathOfUnlistedName(`blog-${slug}`)).toBe(`/blog/${slug}`);
  });
});

describe("page names and paths as a record", () => {
  it("names a path for measurement and finds the path back from the site's paths", () => {
    expect([pageName("/"), pageName("/features/billing/"), pageName("/demo-classic")]).toEqual([
      "home",
      "features-billing",
      "demo-classic",
    ]);
    expect(pathsByName(["/", "/features/billing", "/demo-classic"])).toEqual({
      home: "/",
      "features-billing": "/features/billing",
      "demo-classic": "/demo-classic",
    });
  });
});
