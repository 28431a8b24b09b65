import { describe, expect, it } from "vitest";
import { pageName, pagePathsByName } from "./page-names.ts";

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
