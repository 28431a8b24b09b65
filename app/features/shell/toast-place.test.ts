import { describe, expect, it } from "vitest";
import { formGap, toastTop, type Box } from "./toast-place.ts";

// A 390 x 844 phone: a 64 px header, 16 px of room at the edges, toasts 110 px tall across the width.
const area = { top: 80, bottom: 828, left: 16, right: 374, height: 110 };
const lowest = 828 - 110;
const form = (top: number, bottom: number, left = 16, right = 374): Box => ({ top, bottom, left, right });

describe("toastTop", () => {
  it("keeps the toasts at the bottom edge when no form is there", () => {
    expect(toastTop(area, [], lowest)).toBe(lowest);
    expect(toastTop(area, [form(100, 600)], lowest)).toBe(lowest);
    // A form beside them, as on a wide screen, is not in the way.
    expect(toastTop(area, [form(0, 900, 400, 800)], lowest)).toBe(lowest);
  });

  it("moves them into the lowest gap that holds them, just above the form below it", () => {
    // The sent form ends at 500, the next begins at 760: the toasts stand above the next one.
    expect(toastTop(area, [form(-200, 500), form(760, 1100)], lowest)).toBe(760 - formGap - 110);
    // Two gaps that hold them: the lower one wins.
    expect(toastTop(area, [form(100, 200), form(500, 520), form(760, 1100)], lowest)).toBe(760 - formGap - 110);
  });

  it("skips a gap too small for them", () => {
    // 660 to 700 is too small; 200 to 400 holds them.
    expect(toastTop(area, [form(80, 200), form(400, 660), form(700, 900)], lowest)).toBe(400 - formGap - 110);
  });

  it("stays where it stands while that spot is free", () => {
    expect(toastTop(area, [form(-200, 300)], 400)).toBe(400);
    // Out of the area (the window got shorter), it goes back to the bottom edge.
    expect(toastTop(area, [], 900)).toBe(lowest);
  });

  it("keeps to the bottom edge when no gap holds them", () => {
    expect(toastTop(area, [form(-100, 1000)], lowest)).toBe(lowest);
    expect(toastTop(area, [form(80, 300), form(400, 660), form(700, 900)], lowest)).toBe(lowest);
  });
});
