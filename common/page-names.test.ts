import { describe, expect, it } from "vitest";
import { pageName, pagePathsByName, pathsByName } from "./page-names.ts";

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
