import { describe, expect, it } from "vitest";
import { pagePath, withoutTrailingSlash } from "./paths.ts";

describe("pagePath", () => {
  it("drops trailing slashes except the root's", () => {
    expect(pagePath("/features/")).toBe("/features");
    expect(pagePath("/features//")).toBe("/features");
    expect(pagePath("/")).toBe("/");
    expect(pagePath("")).toBe("/");
  });
});

describe("withoutTrailingSlash", () => {
  it("strips every trailing slash of a base URL", () => {
    expect(withoutTrailingSlash("https://img.example/")).toBe("https://img.example");
    expect(withoutTrailingSlash("https://img.example")).toBe("https://img.example");
  });
});
