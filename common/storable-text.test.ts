import { describe, expect, it } from "vitest";
import { findUnstorable, unstorableCodePoint, withoutUnstorable } from "./storable-text.ts";

describe("unstorableCodePoint", () => {
  it("names NUL and half of a surrogate pair, the first one found", () => {
    expect(unstorableCodePoint("a\u0000b")).toBe("U+0000");
    expect(unstorableCodePoint("a\ud800")).toBe("U+D800");
    expect(unstorableCodePoint("\udfff then \u0000")).toBe("U+DFFF");
  });

  it("passes every other code point, whole surrogate pairs and other control characters included", () => {
    for (const text of ["", "plain", "🙂 𝕏", "\u0001\t\r\n\u007f", "\ufffe\uffff", "\u202e"])
      expect(unstorableCodePoint(text), JSON.stringify(text)).toBeUndefined();
  });

  it("takes them out of a value echoed back", () => {
    expect(withoutUnstorable("A\u0000n\ud800n 🙂")).toBe("Ann 🙂");
  });
});

describe("findUnstorable", () => {
  it("names the field where it is: a path into the body, or the body itself", () => {
    expect(findUnstorable({ email: "a@example.com", fields: { title: "x\u0000" } })).toEqual({
      field: "fields.title",
      codePoint: "U+0000",
      inName: false,
    });
    expect(findUnstorable({ events: [{ label: "ok" }, { label: "\udc00" }] })?.field).toBe("events[1].label");
    expect(findUnstorable("text\u0000")).toEqual({ field: "", codePoint: "U+0000", inName: false });
    expect(findUnstorable({ a: "\u0000", b: "\ud800" })?.field).toBe("a");
  });

  it("looks at the names of fields too", () => {
    expect(findUnstorable({ outer: { "x\u0000": 1 } })).toEqual({ field: "outer", codePoint: "U+0000", inName: true });
  });

  it("passes clean input, numbers, null, dates and bytes", () => {
    for (const value of [
      undefined,
      null,
      3,
      true,
      "🙂",
      { a: [1, "b", { c: null }] },
      new Date(0),
      Buffer.from([0, 0xd8]),
    ])
      expect(findUnstorable(value)).toBeUndefined();
  });

  it("walks a body nested far deeper than the call stack goes", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(findUnstorable(deep)?.codePoint).toBe("U+0000");
  });
});
