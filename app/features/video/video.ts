/**
 * The video component as a state machine (requirements §4 "Video"). The thumbnail shows first
 * (`idle`); a click embeds the player (`loading`) and plays. The player reports its state
 * through the small `VideoPlayer` interface, so this machine never sees the video service:
 * tests drive it with a fake player, the site with the YouTube IFrame API (youtube.ts).
 * On the first buffering an analytics "start" (value 5) is reported; on the end a
 * "complete" (value 10), and the action panel shows (`ended`). Play Again waits 500 ms
 * (`replaying`), then plays from the start. When the player cannot start (its API script
 * fails, it reports an error, or it is not ready within `playerStartTimeoutMs`) the frame
 * shows the poster with a way out (`failed`); Try again embeds it afresh (`loading`).
 */
import type { AnalyticsEvent } from "#app/features/measurement/analytics.ts";

/** Requirements §9. */
export const replayDelayMs = 500;
export const videoStartValue = 5;
export const videoCompleteValue = 10;
/** Requirements §9: default video size. */
export const defaultVideoSize = { width: 640, height: 390 } as const;
/** How long a player may take from the click to ready before the visitor is offered a way out. */
export const playerStartTimeoutMs = 8_000;

/** What the player reports. */
export type PlayerStatus = "unstarted" | "buffering" | "playing" | "paused" | "ended";

/** The player behind the embed: what the component needs from the video service, and no more. */
export interface VideoPlayer {
  play(): void;
  seekTo(seconds: number): void;
}

export interface PlayerCallbacks {
  onReady(player: VideoPlayer): void;
  onStatus(status: PlayerStatus): void;
  /** The player API could not be loaded (blocked, offline): nothing will play in the frame. */
  onUnavailable(): void;
  /** The player reports it cannot play the video (unknown id, embedding refused, playback error). */
  onError(): void;
}

/** Connects the embedded player frame to its API; returns a function that disconnects. */
export type ConnectPlayer = (frame: HTMLIFrameElement, callbacks: PlayerCallbacks) => () => void;

export type VideoStatus =
  | "idle" // thumbnail
  | "loading" // player embedded, its API not ready yet
  | "failed" // the player could not start: poster, message, Watch on the service, Try again
  | "ready"
  | "buffering"
  | "playing"
  | "paused"
  | "ended" // the action panel
  | "replaying"; // Play Again pressed, waiting the replay delay

export interface VideoState {
  status: VideoStatus;
  /** A start event has been reported for this visit to the page. */
  started: boolean;
}

export type VideoEvent =
  | { type: "open" }
  | { type: "playerReady" }
  | { type: "playerUnavailable" }
  | { type: "playerError" }
  | { type: "playerTimedOut" }
  | { type: "retry" }
  | { type: "playerStatus"; status: PlayerStatus }
  | { type: "playAgain" }
  | { type: "replayDue" };

export const initialVideo: VideoState = { status: "idle", started: false };

export function videoReducer(state: VideoState, event: VideoEvent): VideoState {
  switch (event.type) {
    case "open":
      return state.status === "idle" ? { ...state, status: "loading" } : state;
    case "playerReady":
      return state.status === "loading" ? { ...state, status: "ready" } : state;
    case "playerUnavailable":
    case "playerTimedOut":
      return state.status === "loading" ? { ...state, status: "failed" } : state;
    // The player may refuse the video after it is ready (unknown id, embedding not allowed).
    case "playerError":
      return showsPlayer(state) ? { ...state, status: "failed" } : state;
    case "retry":
      return state.status === "failed" ? { ...state, status: "loading" } : state;
    case "playerStatus": {
      if (!showsPlayer(state)) return state;
      // While waiting to replay, the ended player's reports are stale.
      if (state.status === "replaying") return state;
      const status = event.status === "unstarted" ? "ready" : event.status;
      return { status, started: state.started || status === "buffering" };
    }
    case "playAgain":
      return state.status === "ended" ? { ...state, status: "replaying" } : state;
    case "replayDue":
      return state.status === "replaying" ? { ...state, status: "buffering" } : state;
  }
}

/** The analytics events a transition reports (requirements §4): start on the first buffering, complete on each end. */
export function videoReports(previous: VideoState, next: VideoState, videoTitle: string): AnalyticsEvent[] {
  if (next.started && !previous.started)
    return [{ category: "video", action: "start", label: videoTitle, value: videoStartValue }];
  if (next.status === "ended" && previous.status !== "ended")
    return [{ category: "video", action: "complete", label: videoTitle, value: videoCompleteValue }];
  return [];
}

/** The player is on screen (instead of the thumbnail) in every state after a click, unless it failed. */
export function showsPlayer(state: VideoState): boolean {
  return state.status !== "idle" && state.status !== "failed";
}
