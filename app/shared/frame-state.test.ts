import { afterEach, describe, expect, it, vi } from "vitest";
import { frameReducer, isPending, probeService, type FrameEvent, type FrameState } from "./frame-state.ts";

const states: FrameState[] = ["waiting", "loading", "loaded", "reachable", "shown", "unavailable"];
const events: FrameEvent[] = ["near", "load", "reachable", "unreachable", "timeout"];

/** Every transition that changes the state; all other pairs leave it as it is. */
const moves: Record<string, FrameState> = {
  "waiting near": "loading",
  "loading load": "loaded",
  "loading reachable": "reachable",
  "loading unreachable": "unavailable",
  "loading timeout": "unavailable",
  "loaded reachable": "shown",
  "loaded unreachable": "unavailable",
  "loaded timeout": "unavailable",
  "reachable load": "shown",
  "reachable timeout": "unavailable",
};

describe("frameReducer", () => {
  for (const state of states)
    for (const event of events) {
      const next = moves[`${state} ${event}`] ?? state;
      it(`${state} + ${event} -> ${next}`, () => expect(frameReducer(state, event)).toBe(next));
    }

  it("shows a frame only after both its load and a reachable service, in either order", () => {
    const run = (...sequence: FrameEvent[]) => sequence.reduce(frameReducer, "waiting" as FrameState);
    expect(run("near", "load", "reachable")).toBe("shown");
    expect(run("near", "reachable", "load")).toBe("shown");
    // A blocked host's error page fires load too: it never uncovers itself.
    expect(run("near", "load", "unreachable", "reachable")).toBe("unavailable");
  });

  it("is pending only between nearing the viewport and a verdict", () => {
    expect(states.filter(isPending)).toEqual(["loading", "loaded", "reachable"]);
  });
});

describe("probeService", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is true when the service answers at all (an opaque no-cors response)", async () => {
    const fetch = vi.fn(async () => new Response(null));
    vi.stubGlobal("fetch", fetch);
    expect(await probeService("https://schedule.example/book")).toBe(true);
    expect(fetch).toHaveBeenCalledWith(
      "https://schedule.example/book",
      expect.objectContaining({ mode: "no-cors", credentials: "omit" }),
    );
  });

  it("is false when the network refuses it", async () => {
    vi.stubGlobal("fetch", async () => Promise.reject(new TypeError("Failed to fetch")));
    expect(await probeService("https://schedule.example/book")).toBe(false);
  });
});
