import { describe, expect, it } from "vitest";
import { frameReducer, type FrameEvent, type FrameState } from "./frame-state.ts";

const states: FrameState[] = ["waiting", "loading", "ready", "unavailable", "shown"];
const events: FrameEvent[] = ["near", "load", "timeout", "open"];

/** Every transition that changes the state; all other pairs leave it as it is. */
const moves: Record<string, FrameState> = {
  "waiting near": "loading",
  "waiting open": "shown",
  "loading load": "ready",
  "loading timeout": "unavailable",
  "loading open": "shown",
  "ready open": "shown",
  "unavailable load": "ready",
};

describe("frameReducer", () => {
  for (const state of states)
    for (const event of events) {
      const next = moves[`${state} ${event}`] ?? state;
      it(`${state} + ${event} -> ${next}`, () => expect(frameReducer(state, event)).toBe(next));
    }

  it("never shows an unavailable frame by itself: only a load and then the visitor's open do", () => {
    expect(frameReducer("unavailable", "open")).toBe("unavailable");
    expect(frameReducer(frameReducer("unavailable", "load"), "open")).toBe("shown");
  });
});
