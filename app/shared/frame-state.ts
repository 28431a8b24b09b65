/**
 * The embedded frame (scheduler, slides) as a state machine. The iframe is created when the
 * placeholder nears the viewport (loading) and stays under the designed placeholder until the
 * visitor asks for it (open -> shown). A cross-origin frame cannot tell a loaded service from
 * the browser's own error page (both fire load), so a frame never replaces the placeholder by
 * itself: on a network that blocks the service the visitor keeps the placeholder and its link
 * to open the service in a new tab, never a grey error page. A frame that has not loaded within
 * frameLoadTimeoutMs is unavailable: the placeholder says so and offers only the new tab; a
 * load after that makes it ready again.
 */
export type FrameState = "waiting" | "loading" | "ready" | "unavailable" | "shown";
export type FrameEvent = "near" | "load" | "timeout" | "open";

/** How long a frame may take to load before the placeholder says it could not load here. */
export const frameLoadTimeoutMs = 8000;

const transitions: Record<FrameState, Partial<Record<FrameEvent, FrameState>>> = {
  waiting: { near: "loading", open: "shown" },
  loading: { load: "ready", timeout: "unavailable", open: "shown" },
  ready: { open: "shown" },
  unavailable: { load: "ready" },
  shown: {},
};

export function frameReducer(state: FrameState, event: FrameEvent): FrameState {
  return transitions[state][event] ?? state;
}
