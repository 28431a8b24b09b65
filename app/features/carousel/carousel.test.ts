import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  carouselIntervalMs,
  carouselReducer,
  initialCarousel,
  scheduleAdvance,
  type CarouselEvent,
  type CarouselState,
} from "./carousel.ts";

const start = initialCarousel(4);
const run = (state: CarouselState, ...events: CarouselEvent[]) => events.reduce(carouselReducer, state);

describe("carouselReducer", () => {
  it("starts rotating on the first slide with nothing fading out", () => {
    expect(start).toEqual({ count: 4, index: 0, previous: null, status: "rotating", hovered: false, focused: false });
  });

  it("refuses an empty carousel", () => {
    expect(() => initialCarousel(0)).toThrow();
  });

  it("tick advances a rotating carousel and wraps past the last slide", () => {
    const ticks = [1, 2, 3, 0].map((_, n) => run(start, ...Array<CarouselEvent>(n + 1).fill({ type: "tick" })));
    expect(ticks.map((s) => s.index)).toEqual([1, 2, 3, 0]);
    expect(ticks[3].previous).toBe(3);
    expect(ticks[3].status).toBe("rotating");
  });

  it("tick does nothing while held or stopped", () => {
    const held = run(start, { type: "pointerEnter" });
    expect(run(held, { type: "tick" })).toBe(held);
    const stopped = run(start, { type: "pause" });
    expect(run(stopped, { type: "tick" })).toBe(stopped);
  });

  it("next wraps past the last slide and previous wraps before the first; both hold the rotation", () => {
    const last = run(start, { type: "previous" });
    expect(last).toMatchObject({ index: 3, previous: 0, status: "held" });
    expect(run(last, { type: "next" })).toMatchObject({ index: 0, previous: 3, status: "held" });
  });

  it("pick shows the chosen slide and holds; picking the active slide changes nothing but the hold", () => {
    expect(run(start, { type: "pick", index: 2 })).toMatchObject({ index: 2, previous: 0, status: "held" });
    expect(run(start, { type: "pick", index: 0 })).toMatchObject({ index: 0, previous: null, status: "held" });
  });

  it("a manual move keeps a stopped carousel stopped", () => {
    expect(run(start, { type: "pause" }, { type: "next" })).toMatchObject({ index: 1, status: "stopped" });
  });

  it("hover holds and mouse-out resumes", () => {
    const held = run(start, { type: "pointerEnter" });
    expect(held).toMatchObject({ status: "held", hovered: true });
    expect(run(held, { type: "pointerLeave" })).toMatchObject({ status: "rotating", hovered: false });
  });

  it("focus holds and blur resumes", () => {
    const held = run(start, { type: "focusIn" });
    expect(held).toMatchObject({ status: "held", focused: true });
    expect(run(held, { type: "focusOut" })).toMatchObject({ status: "rotating", focused: false });
  });

  it("resumes only when neither hover nor focus holds it", () => {
    const both = run(start, { type: "pointerEnter" }, { type: "focusIn" });
    expect(run(both, { type: "pointerLeave" }).status).toBe("held");
    expect(run(both, { type: "pointerLeave" }, { type: "focusOut" }).status).toBe("rotating");
  });

  it("a manual action resumes on mouse-out (pointer) or on blur (keyboard)", () => {
    expect(run(start, { type: "pointerEnter" }, { type: "next" }, { type: "pointerLeave" })).toMatchObject({
      index: 1,
      status: "rotating",
    });
    expect(run(start, { type: "focusIn" }, { type: "next" }, { type: "focusOut" })).toMatchObject({
      index: 1,
      status: "rotating",
    });
  });

  it("pause stops until play; leaving does not resume a stopped carousel", () => {
    const stopped = run(start, { type: "pointerEnter" }, { type: "pause" });
    expect(stopped.status).toBe("stopped");
    expect(run(stopped, { type: "pointerLeave" }, { type: "focusOut" }).status).toBe("stopped");
    expect(run(stopped, { type: "play" })).toMatchObject({ status: "rotating", hovered: false, focused: false });
  });

  it("reduced motion stops the rotation and hover does not restart it", () => {
    const reduced = run(start, { type: "reduceMotion" });
    expect(reduced.status).toBe("stopped");
    expect(run(reduced, { type: "pointerEnter" }, { type: "pointerLeave" }).status).toBe("stopped");
  });
});

describe("scheduleAdvance with the reducer (the component's timing loop)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** What Carousel.tsx does: reschedule whenever the state changes. */
  function drive() {
    let state = start;
    let cancel = () => {};
    const dispatch = (event: CarouselEvent) => {
      const next = carouselReducer(state, event);
      if (next === state) return;
      state = next;
      cancel();
      cancel = scheduleAdvance(state, dispatch);
    };
    cancel = scheduleAdvance(state, dispatch);
    return {
      dispatch,
      get state() {
        return state;
      },
    };
  }

  it("advances every 7000 ms and wraps", () => {
    const carousel = drive();
    vi.advanceTimersByTime(carouselIntervalMs - 1);
    expect(carousel.state.index).toBe(0);
    vi.advanceTimersByTime(1);
    expect(carousel.state.index).toBe(1);
    vi.advanceTimersByTime(3 * carouselIntervalMs);
    expect(carousel.state.index).toBe(0);
  });

  it("does not advance while hovered, and gives the slide a full interval after mouse-out", () => {
    const carousel = drive();
    vi.advanceTimersByTime(5000);
    carousel.dispatch({ type: "pointerEnter" });
    vi.advanceTimersByTime(60_000);
    expect(carousel.state.index).toBe(0);
    carousel.dispatch({ type: "pointerLeave" });
    vi.advanceTimersByTime(carouselIntervalMs - 1);
    expect(carousel.state.index).toBe(0);
    vi.advanceTimersByTime(1);
    expect(carousel.state.index).toBe(1);
  });

  it("restarts the interval after a manual move once released", () => {
    const carousel = drive();
    vi.advanceTimersByTime(6000);
    carousel.dispatch({ type: "focusIn" });
    carousel.dispatch({ type: "next" });
    vi.advanceTimersByTime(30_000);
    expect(carousel.state.index).toBe(1);
    carousel.dispatch({ type: "focusOut" });
    vi.advanceTimersByTime(carouselIntervalMs);
    expect(carousel.state.index).toBe(2);
  });

  it("never advances when stopped", () => {
    const carousel = drive();
    carousel.dispatch({ type: "reduceMotion" });
    vi.advanceTimersByTime(10 * carouselIntervalMs);
    expect(carousel.state.index).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
