/**
 * Toasts (requirements §3: success, info, warn) as a reducer, and a tiny store around it that the
 * Toaster renders through useSyncExternalStore. Every toast has its close action (requirements §8).
 * Success and info close by themselves after `autoCloseMs`; a warning stays until closed, so
 * nobody has to read a problem against a timer. The timers stand still while the pointer or the
 * keyboard focus is on the toasts, so the close action can be reached. When more than `max` are
 * open, the oldest goes.
 */
export type ToastType = "success" | "info" | "warn";

export interface Toast {
  id: number;
  type: ToastType;
  text: string;
  /** When it closes by itself (ms, the store's clock), while its timer runs; absent for a warning. */
  closesAt?: number;
  /** What was left of its time when the timers were held (hover or focus). */
  remaining?: number;
}

/** Why the timers stand still: the pointer is over the toasts, or the focus is in them. */
export type Hold = "hover" | "focus";

export interface ToastsState {
  toasts: readonly Toast[];
  nextId: number;
  held: Partial<Record<Hold, true>>;
}

export type ToastEvent =
  | { type: "show"; toast: ToastType; text: string; now: number }
  | { type: "dismiss"; id: number }
  /** The timers that ran out by `now` close their toasts. */
  | { type: "expire"; now: number }
  | { type: "hold"; reason: Hold; now: number }
  | { type: "release"; reason: Hold; now: number };

export interface ToastOptions {
  max: number;
  autoCloseMs: number;
}

export const defaultToastOptions: ToastOptions = { max: 3, autoCloseMs: 6000 };

export const initialToasts: ToastsState = { toasts: [], nextId: 1, held: {} };

const isHeld = (state: ToastsState) => Object.keys(state.held).length > 0;
/** Warnings stay until closed; success and info close by themselves. */
export const closesByItself = (type: ToastType) => type !== "warn";

export function toastsReducer(
  state: ToastsState,
  event: ToastEvent,
  { max, autoCloseMs }: ToastOptions = defaultToastOptions,
): ToastsState {
  switch (event.type) {
    case "show": {
      const toast: Toast = { id: state.nextId, type: event.toast, text: event.text };
      if (closesByItself(event.toast)) {
        if (isHeld(state)) toast.remaining = autoCloseMs;
        else toast.closesAt = event.now + autoCloseMs;
      }
      return { ...state, toasts: [...state.toasts, toast].slice(-max), nextId: state.nextId + 1 };
    }
    case "dismiss": {
      const toasts = state.toasts.filter((toast) => toast.id !== event.id);
      return toasts.length === state.toasts.length ? state : { ...state, toasts };
    }
    case "expire": {
      const toasts = state.toasts.filter((toast) => toast.closesAt === undefined || toast.closesAt > event.now);
      return toasts.length === state.toasts.length ? state : { ...state, toasts };
    }
    case "hold": {
      if (state.held[event.reason]) return state;
      const toasts = isHeld(state)
        ? state.toasts
        : state.toasts.map(({ closesAt, ...toast }) =>
            closesAt === undefined ? toast : { ...toast, remaining: Math.max(0, closesAt - event.now) },
          );
      return { ...state, toasts, held: { ...state.held, [event.reason]: true } };
    }
    case "release": {
      if (!state.held[event.reason]) return state;
      const held = { ...state.held };
      delete held[event.reason];
      const next = { ...state, held };
      if (isHeld(next)) return next;
      return {
        ...next,
        toasts: state.toasts.map(({ remaining, ...toast }) =>
          remaining === undefined ? toast : { ...toast, closesAt: event.now + remaining },
        ),
      };
    }
  }
}

/** The earliest running timer, or undefined when none runs. */
export function nextClose(state: ToastsState): number | undefined {
  let earliest: number | undefined;
  for (const { closesAt } of state.toasts)
    if (closesAt !== undefined && (earliest === undefined || closesAt < earliest)) earliest = closesAt;
  return earliest;
}

/** The store: the reducer's state, one timeout for the next toast to close, and its listeners. */
export function createToaster(options: Partial<ToastOptions> = {}, now: () => number = Date.now) {
  const settings = { ...defaultToastOptions, ...options };
  let state = initialToasts;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const dispatch = (event: ToastEvent) => {
    const next = toastsReducer(state, event, settings);
    if (next === state) return;
    state = next;
    clearTimeout(timer);
    timer = undefined;
    const at = nextClose(state);
    if (at !== undefined) timer = setTimeout(() => dispatch({ type: "expire", now: now() }), Math.max(0, at - now()));
    for (const listener of listeners) listener();
  };

  return {
    show(type: ToastType, text: string): number {
      const id = state.nextId;
      dispatch({ type: "show", toast: type, text, now: now() });
      return id;
    },
    dismiss: (id: number) => dispatch({ type: "dismiss", id }),
    hold: (reason: Hold) => dispatch({ type: "hold", reason, now: now() }),
    release: (reason: Hold) => dispatch({ type: "release", reason, now: now() }),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    snapshot: () => state.toasts,
  };
}

const empty: readonly Toast[] = [];
/** The site's toaster, mounted once in root.tsx. */
export const toaster = createToaster();
/** The prerendered HTML has no toasts. */
export const serverSnapshot = () => empty;
