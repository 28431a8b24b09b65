import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToaster, initialToasts, nextClose, toastsReducer, type ToastEvent, type ToastsState } from "./toasts.ts";

const options = { max: 3, autoCloseMs: 6000 };
const run = (events: ToastEvent[], from: ToastsState = initialToasts) =>
  events.reduce((state, event) => toastsReducer(state, event, options), from);
const texts = (state: ToastsState) => state.toasts.map((toast) => toast.text);

describe("toasts reducer: show and close", () => {
  it("adds toasts in order with their own ids, and closes one by id", () => {
    const state = run([
      { type: "show", toast: "success", text: "Thanks", now: 0 },
      { type: "show", toast: "warn", text: "Could not submit - please try again later", now: 10 },
    ]);
    expect(state.toasts.map((t) => [t.id, t.type, t.text])).toEqual([
      [1, "success", "Thanks"],
      [2, "warn", "Could not submit - please try again later"],
    ]);
    expect(texts(toastsReducer(state, { type: "dismiss", id: 1 }))).toEqual([
      "Could not submit - please try again later",
    ]);
    expect(toastsReducer(state, { type: "dismiss", id: 99 })).toBe(state);
  });
  it("keeps no more than three: the oldest goes", () => {
    const state = run(["a", "b", "c", "d"].map((text, i) => ({ type: "show", toast: "warn", text, now: i })));
    expect(texts(state)).toEqual(["b", "c", "d"]);
    expect(state.nextId).toBe(5);
  });
});

describe("toasts reducer: closing by themselves", () => {
  const shown = run([
    { type: "show", toast: "success", text: "ok", now: 1000 },
    { type: "show", toast: "info", text: "fyi", now: 2000 },
    { type: "show", toast: "warn", text: "problem", now: 3000 },
  ]);
  it("success and info get a timer of 6 s; a warning stays until closed", () => {
    expect(shown.toasts.map((t) => t.closesAt)).toEqual([7000, 8000, undefined]);
    expect(nextClose(shown)).toBe(7000);
  });
  it("expire closes the toasts whose time is up, and nothing before", () => {
    expect(toastsReducer(shown, { type: "expire", now: 6999 })).toBe(shown);
    expect(texts(toastsReducer(shown, { type: "expire", now: 7000 }))).toEqual(["fyi", "problem"]);
    const later = toastsReducer(shown, { type: "expire", now: 60_000 });
    expect(texts(later)).toEqual(["problem"]);
    expect(nextClose(later)).toBeUndefined();
  });
  it("hold stops every timer with what was left; release starts them again from there", () => {
    const held = toastsReducer(shown, { type: "hold", reason: "hover", now: 5000 });
    expect(held.toasts.map((t) => [t.closesAt, t.remaining])).toEqual([
      [undefined, 2000],
      [undefined, 3000],
      [undefined, undefined],
    ]);
    expect(nextClose(held)).toBeUndefined();
    expect(toastsReducer(held, { type: "expire", now: 60_000 })).toBe(held);
    const released = toastsReducer(held, { type: "release", reason: "hover", now: 20_000 });
    expect(released.toasts.map((t) => [t.closesAt, t.remaining])).toEqual([
      [22_000, undefined],
      [23_000, undefined],
      [undefined, undefined],
    ]);
  });
  it("a toast shown while held waits with its full time", () => {
    const held = toastsReducer(initialToasts, { type: "hold", reason: "focus", now: 0 });
    const state = toastsReducer(held, { type: "show", toast: "success", text: "ok", now: 500 }, options);
    expect(state.toasts[0]).toMatchObject({ remaining: 6000 });
    expect(toastsReducer(state, { type: "release", reason: "focus", now: 9000 }).toasts[0]).toMatchObject({
      closesAt: 15_000,
    });
  });
  it("hover and focus hold separately: the timers run again only when both let go", () => {
    const both = run(
      [
        { type: "hold", reason: "hover", now: 5000 },
        { type: "hold", reason: "focus", now: 5500 },
      ],
      shown,
    );
    expect(both.toasts[0].remaining).toBe(2000);
    const hoverGone = toastsReducer(both, { type: "release", reason: "hover", now: 8000 });
    expect(nextClose(hoverGone)).toBeUndefined();
    expect(nextClose(toastsReducer(hoverGone, { type: "release", reason: "focus", now: 9000 }))).toBe(11_000);
  });
  it("a second hold or a release without a hold changes nothing", () => {
    const held = toastsReducer(shown, { type: "hold", reason: "hover", now: 5000 });
    expect(toastsReducer(held, { type: "hold", reason: "hover", now: 6000 })).toBe(held);
    expect(toastsReducer(shown, { type: "release", reason: "focus", now: 6000 })).toBe(shown);
  });
});

describe("toaster store", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("tells its listeners, keeps a stable snapshot between changes, and closes success toasts after 6 s", () => {
    const toaster = createToaster();
    let calls = 0;
    const stop = toaster.subscribe(() => calls++);
    const before = toaster.snapshot();
    expect(toaster.snapshot()).toBe(before);
    const id = toaster.show("success", "Thanks");
    toaster.show("warn", "Could not submit - please try again later");
    expect(id).toBe(1);
    expect(calls).toBe(2);
    vi.advanceTimersByTime(5999);
    expect(toaster.snapshot().map((t) => t.text)).toEqual(["Thanks", "Could not submit - please try again later"]);
    vi.advanceTimersByTime(1);
    expect(toaster.snapshot().map((t) => t.text)).toEqual(["Could not submit - please try again later"]);
    expect(calls).toBe(3);
    vi.advanceTimersByTime(60_000);
    expect(toaster.snapshot()).toHaveLength(1);
    toaster.dismiss(2);
    expect(toaster.snapshot()).toEqual([]);
    stop();
    toaster.show("info", "x");
    expect(calls).toBe(4);
  });
  it("holds the timers while hovered or focused", () => {
    const toaster = createToaster({ autoCloseMs: 1000 });
    toaster.show("info", "fyi");
    vi.advanceTimersByTime(600);
    toaster.hold("hover");
    vi.advanceTimersByTime(10_000);
    expect(toaster.snapshot()).toHaveLength(1);
    toaster.release("hover");
    vi.advanceTimersByTime(399);
    expect(toaster.snapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toaster.snapshot()).toHaveLength(0);
  });
  it("drops the oldest beyond its maximum", () => {
    const toaster = createToaster({ max: 2 });
    for (const text of ["a", "b", "c"]) toaster.show("info", text);
    expect(toaster.snapshot().map((t) => t.text)).toEqual(["b", "c"]);
  });
});
