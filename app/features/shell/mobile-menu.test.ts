import { describe, expect, it } from "vitest";
import { closedMenu, isMenuOpen, menuReducer } from "./mobile-menu.ts";

describe("menuReducer", () => {
  it("starts closed and opens on the page the toggle was pressed on", () => {
    expect(isMenuOpen(closedMenu, "/")).toBe(false);
    const open = menuReducer(closedMenu, { type: "toggle", page: "/" });
    expect(open).toEqual({ status: "open", page: "/" });
    expect(isMenuOpen(open, "/")).toBe(true);
  });

  it("closes when toggled again on the same page", () => {
    const open = menuReducer(closedMenu, { type: "toggle", page: "/" });
    expect(menuReducer(open, { type: "toggle", page: "/" })).toEqual(closedMenu);
  });

  it("counts as closed after navigating, and a toggle on the new page opens it there", () => {
    const open = menuReducer(closedMenu, { type: "toggle", page: "/" });
    expect(isMenuOpen(open, "/support")).toBe(false);
    expect(menuReducer(open, { type: "toggle", page: "/support" })).toEqual({ status: "open", page: "/support" });
  });

  it("closes on close (Escape, outside tap, focus leaving, wide window), and close leaves a closed menu as it is", () => {
    const open = menuReducer(closedMenu, { type: "toggle", page: "/" });
    expect(menuReducer(open, { type: "close" })).toEqual(closedMenu);
    expect(menuReducer(closedMenu, { type: "close" })).toBe(closedMenu);
  });

  it("mirrors the popover the browser opened (before the app ran, or natively)", () => {
    const open = menuReducer(closedMenu, { type: "opened", page: "/" });
    expect(open).toEqual({ status: "open", page: "/" });
    expect(menuReducer(open, { type: "opened", page: "/" })).toBe(open);
  });
});
