import { describe, expect, it } from "vitest";
import { leadKeyAction, neighbourOf } from "./lead-keys.ts";

const press = (key: string, more: Partial<Parameters<typeof leadKeyAction>[0]> = {}) =>
  leadKeyAction({ key, ctrlKey: false, altKey: false, metaKey: false, target: { tagName: "BODY" }, ...more });

describe("leadKeyAction", () => {
  it("maps j, k, e and ? to their actions and other keys to none", () => {
    expect(["j", "k", "e", "?", "x", "J", "Enter"].map((key) => press(key))).toEqual([
      "next",
      "previous",
      "status",
      "help",
      undefined,
      undefined,
      undefined,
    ]);
  });
  it("leaves keys typed into a field, and the browser's own shortcuts, alone", () => {
    for (const tagName of ["INPUT", "TEXTAREA", "SELECT"]) expect(press("j", { target: { tagName } })).toBeUndefined();
    expect(press("j", { target: { tagName: "DIV", isContentEditable: true } })).toBeUndefined();
    expect(press("e", { ctrlKey: true })).toBeUndefined();
    expect(press("k", { metaKey: true })).toBeUndefined();
    expect(press("j", { altKey: true })).toBeUndefined();
    expect(press("j", { target: null })).toBe("next");
  });
});

describe("neighbourOf", () => {
  const ids = [30, 20, 10];
  it("moves down and up the list, and stops at its ends", () => {
    expect(neighbourOf(ids, 30, 1)).toBe(20);
    expect(neighbourOf(ids, 20, -1)).toBe(30);
    expect(neighbourOf(ids, 10, 1)).toBeUndefined();
    expect(neighbourOf(ids, 30, -1)).toBeUndefined();
  });
  it("starts at the first lead going down and the last going up when none (or one off the page) is open", () => {
    expect(neighbourOf(ids, undefined, 1)).toBe(30);
    expect(neighbourOf(ids, undefined, -1)).toBe(10);
    expect(neighbourOf(ids, 99, 1)).toBe(30);
    expect(neighbourOf([], undefined, 1)).toBeUndefined();
  });
});
