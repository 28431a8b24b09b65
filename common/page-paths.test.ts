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
});
