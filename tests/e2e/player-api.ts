/**
 * The video service's player API (the YouTube IFrame API) as e2e tests stand it in: the real
 * one is out of reach in tests, and its script is blocked unless a test serves one of these.
 */
import type { Page, Route } from "@playwright/test";

export const playerApiUrl = "https://www.youtube.com/iframe_api";

/** Builds the API script: `events` runs once the player is constructed, with the player's `options.events`. */
const api = (events: string) => `
  window.YT = { Player: function (frame, options) {
    setTimeout(function () { var on = options.events; ${events} }, 0);
    return { playVideo: function () {}, seekTo: function () {} };
  } };
  window.onYouTubeIframeAPIReady();
`;

export const playerApis = {
  /** Ready at once, then buffers and plays (and keeps playing). */
  plays: api("on.onReady(); [3, 1].forEach(function (state) { on.onStateChange({ data: state }); });"),
  /** Ready at once, then buffers, plays and ends: a video watched to the end. */
  playsToTheEnd: api("on.onReady(); [3, 1, 0].forEach(function (state) { on.onStateChange({ data: state }); });"),
  /** Loads, but the player never reports ready. */
  neverReady: api(""),
  /** Ready, then refuses the video (150: the owner does not allow embedding). */
  refuses: api("on.onReady(); on.onError({ data: 150 });"),
};

export const servePlayerApi = (route: Route, script: string) =>
  route.fulfill({ contentType: "text/javascript", body: script });

/** Serves `script` for every request of the player API on this page. */
export const stubPlayerApi = (page: Page, script: string) =>
  page.route(playerApiUrl, (route) => servePlayerApi(route, script));
