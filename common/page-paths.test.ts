import { describe, expect, it } from "vitest";
import { pagePaths } from "./page-paths.ts";

describe("pagePaths", () => {
  it("lists static page paths once, nested ones in full, and skips the catch-all, parameters, files and the console", () => {
    const routes = [
      { index: true },
      { path: "features", children: [{ index: true }, { path: "billing" }] },
      { path: "blog/:slug" },
      { path: "robots.txt" },
      { path: "site.webmanifest" },
      { path: "*" },
      { path: "admin", children: [{ path: "leads" }] },
      { path: "admin/*" },
    ];
    expect(pagePaths(routes)).toEqual(["/", "/features", "/features/billing"]);
  });

  it("counts a splat route's own path as a page (blog/* serves /blog), not the console's", () => {
    const routes = [{ index: true }, { path: "blog/*" }, { path: "blog/feed.xml" }, { path: "admin/*" }, { path: "*" }];
    expect(pagePaths(routes)).toEqual(["/", "/blog"]);
  });
});
