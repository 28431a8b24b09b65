import { describe, expect, it } from "vitest";
import { headerLinkCurrent, routeAnimation } from "./navigation.ts";

describe("headerLinkCurrent", () => {
  it("marks the link of the page itself as the current page", () => {
    expect(headerLinkCurrent("/", "/")).toBe("page");
    expect(headerLinkCurrent("/features", "/features")).toBe("page");
    expect(headerLinkCurrent("/features", "/features/")).toBe("page");
  });
  it("marks the section link on the pages inside a section", () => {
    expect(headerLinkCurrent("/features", "/features/billing")).toBe("true");
    expect(headerLinkCurrent("/demo", "/demo-timer")).toBe("true");
  });
  it("never marks Home on other pages, nor a link on an unrelated page", () => {
    expect(headerLinkCurrent("/", "/features")).toBeUndefined();
    expect(headerLinkCurrent("/support", "/products")).toBeUndefined();
    expect(headerLinkCurrent("/products", "/productsx")).toBeUndefined();
  });
});

describe("routeAnimation", () => {
  it("slides to the right when returning home and to the left everywhere else", () => {
    expect(routeAnimation("/")).toBe("slide-right");
    expect(routeAnimation("/features")).toBe("slide-left");
  });
});
