import { describe, expect, it } from "vitest";
import { demos } from "#app/features/catalog/demos.ts";
import { features } from "#app/features/catalog/features.ts";
import { sitePaths } from "./site-paths";

describe("sitePaths (the sitemap's list)", () => {
  it("lists every page of requirements §2 once, and not the catch-all redirect", async () => {
    const paths = await sitePaths();
    const expected = [
      "/",
      "/features",
      ...features.map((f) => f.path),
      "/products",
      "/solutions",
      "/blog",
      "/support",
      "/contact",
      "/privacy",
      "/terms",
      "/security",
      "/demo",
      ...demos.map((d) => d.path),
      "/demo-project-allocation",
      "/demo-classic",
      "/about",
      "/media",
    ];
    expect([...paths].sort()).toEqual([...expected].sort());
    expect(paths.some((p) => p.includes("*"))).toBe(false);
  });
});
