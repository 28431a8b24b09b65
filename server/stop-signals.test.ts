import { describe, expect, it } from "vitest";
import { forcedExitCode, stopAction } from "./stop-signals.ts";

describe("stop signals", () => {
  it("stop on the first, keep stopping on the second (npm's forwarded copy), stop at once from the third", () => {
    expect([1, 2, 3, 4].map(stopAction)).toEqual(["stop", "keep stopping", "stop at once", "stop at once"]);
  });

  it("exits a stop at once with 128 + the signal's number, as a shell reports it", () => {
    expect(forcedExitCode("SIGINT")).toBe(130);
    expect(forcedExitCode("SIGTERM")).toBe(143);
  });
});
