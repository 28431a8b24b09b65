/**
 * The embedded frame (scheduler, slides) as a state machine. The iframe is created when the
 * placeholder nears the viewport and loads, invisible, under the designed placeholder. A
 * cross-origin frame cannot tell a loaded service from the browser's own error page (both
 * fire load), so a second, independent signal decides: a no-cors probe of the service's
 * address resolves when the service answered at all and rejects when the network blocked or
 * could not reach it. The frame uncovers itself only once it has loaded AND the probe
 * reached the service; a blocked probe, or no load within frameLoadTimeoutMs, leaves the
 * placeholder saying the service could not load here, with its link to open it in a new tab.
 */
export type FrameState = "waiting" | "loading" | "loaded" | "reachable" | "shown" | "unavailable";
export type FrameEvent = "near" | "load" | "reachable" | "unreachable" | "timeout";

/** How long a frame may take to load before the placeholder says it could not load here. */
export const frameLoadTimeoutMs = 8000;

const transitions: Record<FrameState, Partial<Record<FrameEvent, FrameState>>> = {
  waiting: { near: "loading" },
  loading: { load: "loaded", reachable: "reachable", unreachable: "unavailable", timeout: "unavailable" },
  // The frame fired load: it is the service only if the probe reaches it.
  loaded: { reachable: "shown", unreachable: "unavailable", timeout: "unavailable" },
  // The service answered the probe: the frame is shown once it has loaded.
  reachable: { load: "shown", timeout: "unavailable" },
  shown: {},
  unavailable: {},
};

export function frameReducer(state: FrameState, event: FrameEvent): FrameState {
  return transitions[state][event] ?? state;
}

/** Still waiting for the frame or the probe: the placeholder says it is loading. */
export const isPending = (state: FrameState) => state === "loading" || state === "loaded" || state === "reachable";

/**
 * Whether the service at `url` can be reached from this browser. An opaque (no-cors) answer
 * of any status resolves; a network error (blocked, offline, unknown host) rejects.
 */
export async function probeService(url: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await fetch(url, { mode: "no-cors", method: "HEAD", cache: "no-store", credentials: "omit", signal });
    return true;
  } catch {
    return false;
  }
}
