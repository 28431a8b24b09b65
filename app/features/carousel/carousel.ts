/**
 * The home page carousel as a state machine (requirements §4, §9). One slide is active, the first
 * at start; next and previous wrap. While `rotating` it advances every 7000 ms. Hover,
 * keyboard focus or any manual action `hold` it; it resumes when the pointer leaves or focus
 * leaves (and neither still holds it). The pause button, or a visitor who prefers reduced
 * motion, `stop`s it until the play button is pressed.
 */

/** Requirements §9: 4 slides, 7000 ms between slides, 600 ms fade. */
export const carouselIntervalMs = 7000;
export const carouselFadeMs = 600;

export type CarouselStatus = "rotating" | "held" | "stopped";

export interface CarouselState {
  count: number;
  /** The active slide. */
  index: number;
  /** The slide active before the last change (it fades out), or null at start. */
  previous: number | null;
  status: CarouselStatus;
  /** The pointer is over the carousel. */
  hovered: boolean;
  /** Keyboard focus is inside the carousel. */
  focused: boolean;
}

export type CarouselEvent =
  | { type: "tick" }
  | { type: "next" }
  | { type: "previous" }
  | { type: "pick"; index: number }
  | { type: "pointerEnter" }
  | { type: "pointerLeave" }
  | { type: "focusIn" }
  | { type: "focusOut" }
  | { type: "pause" }
  | { type: "play" }
  | { type: "reduceMotion" };

export function initialCarousel(count: number): CarouselState {
  if (count < 1) throw new Error("A carousel needs at least one slide");
  return { count, index: 0, previous: null, status: "rotating", hovered: false, focused: false };
}

const wrap = (index: number, count: number) => ((index % count) + count) % count;

function show(state: CarouselState, index: number): CarouselState {
  const target = wrap(index, state.count);
  return target === state.index ? state : { ...state, index: target, previous: state.index };
}

/** A manual move holds a rotating carousel; a stopped one stays stopped. */
const manual = (state: CarouselState, index: number): CarouselState => {
  const moved = show(state, index);
  return state.status === "rotating" ? { ...moved, status: "held" } : moved;
};

/** Leaving resumes rotation once nothing holds it any more. */
const release = (state: CarouselState): CarouselState =>
  state.status === "held" && !state.hovered && !state.focused ? { ...state, status: "rotating" } : state;

export function carouselReducer(state: CarouselState, event: CarouselEvent): CarouselState {
  switch (event.type) {
    case "tick":
      return state.status === "rotating" ? show(state, state.index + 1) : state;
    case "next":
      return manual(state, state.index + 1);
    case "previous":
      return manual(state, state.index - 1);
    case "pick":
      return manual(state, event.index);
    case "pointerEnter":
      return { ...state, hovered: true, status: state.status === "rotating" ? "held" : state.status };
    case "focusIn":
      return { ...state, focused: true, status: state.status === "rotating" ? "held" : state.status };
    case "pointerLeave":
      return release({ ...state, hovered: false });
    case "focusOut":
      return release({ ...state, focused: false });
    case "pause":
    case "reduceMotion":
      return { ...state, status: "stopped" };
    case "play":
      // An explicit request to rotate wins over the hover or focus that pressing the button involved.
      return { ...state, status: "rotating", hovered: false, focused: false };
  }
}

/**
 * The timing driver: while the carousel rotates, one tick after `interval` ms. Call it again
 * whenever the status or the active slide changes (and cancel the previous one), so each
 * slide gets its full interval, including after a resume.
 */
export function scheduleAdvance(
  state: Pick<CarouselState, "status">,
  dispatch: (event: CarouselEvent) => void,
  interval: number = carouselIntervalMs,
): () => void {
  if (state.status !== "rotating") return () => {};
  const timer = setTimeout(() => dispatch({ type: "tick" }), interval);
  return () => clearTimeout(timer);
}
