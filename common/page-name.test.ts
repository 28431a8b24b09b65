import { describe, expect, it } from "vitest";
import { pageName, pathsByName } from "./page-name.ts";

describe("page names and paths", () => {
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
