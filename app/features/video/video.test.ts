import { describe, expect, it } from "vitest";
import {
  initialVideo,
  showsPlayer,
  videoReducer,
  videoReports,
  type PlayerStatus,
  type VideoEvent,
  type VideoState,
} from "./video.ts";

const run = (state: VideoState, ...events: VideoEvent[]) => events.reduce(videoReducer, state);
const status = (s: PlayerStatus): VideoEvent => ({ type: "playerStatus", status: s });
const loading = run(initialVideo, { type: "open" });
const ready = run(loading, { type: "playerReady" });

describe("videoReducer", () => {
  it("starts idle on the thumbnail, and a click embeds the player", () => {
    expect(initialVideo).toEqual({ status: "idle", started: false });
    expect(showsPlayer(initialVideo)).toBe(false);
    expect(loading.status).toBe("loading");
    expect(showsPlayer(loading)).toBe(true);
  });

  it("ignores player reports before the click", () => {
    expect(run(initialVideo, status("playing"), { type: "playerReady" })).toEqual(initialVideo);
  });

  it("goes ready when the API connects", () => {
    expect(ready.status).toBe("ready");
  });

  it("fails when the player API cannot load: the player leaves the screen", () => {
    const failed = run(loading, { type: "playerUnavailable" });
    expect(failed).toEqual({ status: "failed", started: false });
    expect(showsPlayer(failed)).toBe(false);
  });

  it("fails when the player is not ready in time, but not once it is", () => {
    expect(run(loading, { type: "playerTimedOut" }).status).toBe("failed");
    expect(run(ready, { type: "playerTimedOut" })).toBe(ready);
    expect(run(initialVideo, { type: "playerTimedOut" })).toBe(initialVideo);
  });

  it("fails when the player reports an error, before or after it is ready", () => {
    expect(run(loading, { type: "playerError" }).status).toBe("failed");
    expect(run(ready, { type: "playerError" }).status).toBe("failed");
    const started = run(ready, status("buffering"), status("playing"));
    expect(run(started, { type: "playerError" })).toEqual({ status: "failed", started: true });
    expect(run(initialVideo, { type: "playerError" })).toBe(initialVideo);
  });

  it("once failed, ignores the player until Try again embeds it afresh", () => {
    const failed = run(loading, { type: "playerUnavailable" });
    expect(
      run(failed, status("playing"), { type: "playerReady" }, { type: "playerError" }, { type: "playerTimedOut" }),
    ).toBe(failed);
    expect(run(failed, { type: "open" })).toBe(failed);
    const retried = run(failed, { type: "retry" });
    expect(retried.status).toBe("loading");
    expect(showsPlayer(retried)).toBe(true);
    expect(run(retried, { type: "playerReady" }).status).toBe("ready");
  });

  it("Try again does nothing unless failed", () => {
    for (const state of [initialVideo, loading, ready]) expect(run(state, { type: "retry" })).toBe(state);
  });

  it("a retry keeps the start already reported", () => {
    const failedAfterStart = run(ready, status("buffering"), { type: "playerError" });
    const retried = run(failedAfterStart, { type: "retry" }, { type: "playerReady" }, status("buffering"));
    expect(retried.started).toBe(true);
    expect(videoReports(run(failedAfterStart, { type: "retry" }, { type: "playerReady" }), retried, "A tour")).toEqual(
      [],
    );
  });

  it("follows the player: buffering, playing, paused, ended; unstarted reads as ready", () => {
    expect(run(ready, status("buffering")).status).toBe("buffering");
    expect(run(ready, status("buffering"), status("playing")).status).toBe("playing");
    expect(run(ready, status("playing"), status("paused")).status).toBe("paused");
    expect(run(ready, status("playing"), status("ended")).status).toBe("ended");
    expect(run(ready, status("unstarted")).status).toBe("ready");
  });

  it("marks the video started on its first buffering, and keeps it started", () => {
    expect(run(ready, status("playing")).started).toBe(false);
    const started = run(ready, status("buffering"));
    expect(started.started).toBe(true);
    expect(run(started, status("playing"), status("ended")).started).toBe(true);
  });

  it("Play Again waits in replaying (ignoring stale reports), then buffers", () => {
    const ended = run(ready, status("buffering"), status("playing"), status("ended"));
    const replaying = run(ended, { type: "playAgain" });
    expect(replaying.status).toBe("replaying");
    expect(run(replaying, status("ended")).status).toBe("replaying");
    expect(run(replaying, { type: "replayDue" }).status).toBe("buffering");
  });

  it("ignores Play Again unless ended, and a replay that is not due", () => {
    const playing = run(ready, status("playing"));
    expect(run(playing, { type: "playAgain" })).toBe(playing);
    expect(run(playing, { type: "replayDue" })).toBe(playing);
  });

  it("a second click changes nothing", () => {
    expect(run(ready, { type: "open" })).toBe(ready);
  });
});

describe("videoReports", () => {
  const title = "A tour";
  it("reports start (value 5) on the first buffering only", () => {
    const buffering = run(ready, status("buffering"));
    expect(videoReports(ready, buffering, title)).toEqual([
      { category: "video", action: "start", label: title, value: 5 },
    ]);
    const again = run(buffering, status("playing"), status("buffering"));
    expect(videoReports(run(buffering, status("playing")), again, title)).toEqual([]);
  });

  it("reports complete (value 10) on each end, not on staying ended", () => {
    const playing = run(ready, status("buffering"), status("playing"));
    const ended = run(playing, status("ended"));
    expect(videoReports(playing, ended, title)).toEqual([
      { category: "video", action: "complete", label: title, value: 10 },
    ]);
    expect(videoReports(ended, run(ended, status("ended")), title)).toEqual([]);
  });

  it("reports nothing for other transitions", () => {
    expect(videoReports(initialVideo, loading, title)).toEqual([]);
    expect(videoReports(loading, ready, title)).toEqual([]);
  });
});
