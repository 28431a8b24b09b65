/**
 * The YouTube IFrame Player API behind the `VideoPlayer` interface of video.ts. The API
 * script is loaded only when a visitor starts a video, and it attaches to the player frame
 * we embedded ourselves (from the privacy-enhanced host), so the frame appears even when
 * the script cannot load.
 */
import type { ConnectPlayer, PlayerStatus, VideoPlayer } from "./video.ts";

interface YouTubePlayer {
  playVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
}
interface YouTubeApi {
  Player: new (
    frame: HTMLIFrameElement,
    options: {
      events: { onReady(): void; onStateChange(event: { data: number }): void; onError(event: { data: number }): void };
    },
  ) => YouTubePlayer;
}
declare global {
  interface Window {
    YT?: YouTubeApi;
    onYouTubeIframeAPIReady?: () => void;
  }
}

/** The API's player states (YT.PlayerState) in our words; 5 ("video cued") is a player that has not started. */
const statuses: Record<number, PlayerStatus> = {
  [-1]: "unstarted",
  0: "ended",
  1: "playing",
  2: "paused",
  3: "buffering",
  5: "unstarted",
};

let api: Promise<YouTubeApi> | undefined;

function loadApi(src: string): Promise<YouTubeApi> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  api ??= new Promise<YouTubeApi>((resolve, reject) => {
    const chained = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      chained?.();
      resolve(window.YT!);
    };
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onerror = () => {
      // Forget the failure so a later video can try again.
      api = undefined;
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    document.head.append(script);
  });
  return api;
}

export function youTubeConnector(apiUrl: string): ConnectPlayer {
  return (frame, { onReady, onStatus, onUnavailable, onError }) => {
    let connected = true;
    loadApi(apiUrl).then(
      (YT) => {
        if (!connected) return;
        const player: YouTubePlayer = new YT.Player(frame, {
          events: {
            onReady: () => connected && onReady(wrap(player)),
            onStateChange: ({ data }) => connected && statuses[data] && onStatus(statuses[data]),
            // Every error code (bad id, not found, embedding refused, HTML5 error) means this video will not play here.
            onError: () => connected && onError(),
          },
        });
      },
      () => connected && onUnavailable(),
    );
    // The frame belongs to React, so disconnecting only stops the reports (no player.destroy()).
    return () => {
      connected = false;
    };
  };
}

const wrap = (player: YouTubePlayer): VideoPlayer => ({
  play: () => player.playVideo(),
  seekTo: (seconds) => player.seekTo(seconds, true),
});

/** The embed address on the privacy-enhanced host, with the API enabled for our origin. */
export function embedUrl(videoHost: string, videoId: string, origin: string): string {
  const params = new URLSearchParams({ autoplay: "1", enablejsapi: "1", playsinline: "1", rel: "0", origin });
  return `${videoHost}/embed/${encodeURIComponent(videoId)}?${params}`;
}
