import { describe, expect, it } from "vitest";
import { leftNote } from "./subscriber-left.ts";

describe("leftNote", () => {
  it("says when and how a subscriber left, or that their mail bounced", () => {
    const at = "2026-11-28T10:00:00.000Z";
    expect(leftNote({ left: { at, by: "link" }, bouncedAt: null })).toBe("Left 28 Nov 2026 by the link in a mail");
    expect(leftNote({ left: { at, by: "console" }, bouncedAt: null })).toBe("Left 28 Nov 2026 by hand in the console");
    expect(leftNote({ left: { at, by: null }, bouncedAt: null })).toBe("Left 28 Nov 2026");
    expect(leftNote({ left: null, bouncedAt: at })).toBe("Mail bounced 28 Nov 2026");
    expect(leftNote({ left: null, bouncedAt: null })).toBeUndefined();
  });
});
