import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { dropResourceRouteData } from "./resource-route-data.ts";

describe("the dropResourceRouteData step", () => {
  it("removes the data twin of each resource file, never a page's data", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "resource-data-"));
    mkdirSync(path.join(dir, "features"));
    for (const file of ["robots.txt", "robots.txt.data", "features/index.html", "features.data", "_root.data"])
      writeFileSync(path.join(dir, file), "x");
    expect(await dropResourceRouteData({ dir, site: loadSiteConfig({}) })).toBe("1 files");
    expect(
      ["robots.txt", "robots.txt.data", "features.data", "_root.data"].map((f) => existsSync(path.join(dir, f))),
    ).toEqual([true, false, true, true]);
  });
});
