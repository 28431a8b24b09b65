import { describe, expect, it } from "vitest";
import { change, plural } from "./format.ts";

describe("console formats", () => {
  it("writes the change against the previous period", () => {
    expect(change(112, 100)).toEqual({ text: "+12%", direction: "up" });
    expect(change(95, 100)).toEqual({ text: "−5%", direction: "down" });
    expect(change(4, 0)).toEqual({ text: "new", direction: "up" });
    expect(change(0, 0)).toEqual({ text: "no change", direction: "flat" });
    expect(change(1001, 1000)).toEqual({ text: "±0%", direction: "flat" });
  });
  it("counts with a plural", () => {
    expect(plural(1, "lead")).toBe("1 lead");
    expect(plural(1200, "lead")).toBe("1,200 leads");
  });
});
