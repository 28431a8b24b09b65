import { describe, expect, it } from "vitest";
import { createToaster } from "./toasts.ts";

describe("toaster", () => {
  it("shows toasts in order, tells its listeners, and closes one by id", () => {
    const toaster = createToaster();
    let calls = 0;
    const stop = toaster.subscribe(() => calls++);
    const first = toaster.show("success", "Thanks");
    toaster.show("warn", "Could not submit - please try again later");
    expect(toaster.snapshot().map((t) => [t.type, t.text])).toEqual([
      ["success", "Thanks"],
      ["warn", "Could not submit - please try again later"],
    ]);
    toaster.dismiss(first);
    expect(toaster.snapshot().map((t) => t.text)).toEqual(["Could not submit - please try again later"]);
    expect(calls).toBe(3);
    stop();
    toaster.show("info", "x");
    expect(calls).toBe(3);
  });
  it("keeps a stable snapshot between changes and drops the oldest beyond the maximum", () => {
    const toaster = createToaster(2);
    const before = toaster.snapshot();
    expect(toaster.snapshot()).toBe(before);
    for (const text of ["a", "b", "c"]) toaster.show("info", text);
    expect(toaster.snapshot().map((t) => t.text)).toEqual(["b", "c"]);
  });
});
