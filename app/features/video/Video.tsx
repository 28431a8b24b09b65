import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { trackEvent } from "#app/features/measurement/analytics.ts";
import { artworkImage } from "#app/shared/artwork.ts";
import { site } from "#app/shared/site.ts";
import {
  defaultVideoSize,
  initialVideo,
  replayDelayMs,
  showsPlayer,
  videoReducer,
  videoReports,
  type ConnectPlayer,
  type VideoEvent,
  type VideoPlayer,
} from "./video.ts";
import { embedUrl, youTubeConnector } from "./youtube.ts";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";

export interface VideoProps {
  videoId: string;
  videoTitle: string;
  thumbHost?: string;
  thumbResolution?: string;
  thumbFile?: string;
  width?: number;
  height?: number;
  /** The video service's player API (the YouTube IFrame API unless a test passes its own). */
  connectPlayer?: ConnectPlayer;
  /** The video is the first thing on its page: its picture is the largest paint, so it loads at once and first. */
  priority?: boolean;
}

const connectYouTube = youTubeConnector(site.videoApiUrl);
// The small contact form of the end panel (spec §4) loads only once a video has ended.
const ContactForm = lazy(() => import("#app/features/leads/ContactForm.tsx").then((module) => ({ default: module.ContactForm })));
// Our own illustration, shown when the service's thumbnail cannot be had (offline, blocked, unknown video).
const poster = artworkImage("project-board");
/** The service answers a missing video with a 120×90 grey placeholder instead of an error. */
const isPlaceholder = (img: HTMLImageElement) => img.naturalWidth <= 120;

/**
 * A recorded demo (SPEC §3, §4): the thumbnail first, the player from the privacy-enhanced
 * host after a click, analytics on start and end, and an action panel when it ends. The
 * states are the reducer in video.ts. A 16:9 box reserves the space in every state.
 */
export function Video({
  videoId,
  videoTitle,
  thumbHost = site.videoThumbHost,
  thumbResolution = "hq",
  thumbFile = "default.jpg",
  width = defaultVideoSize.width,
  height = defaultVideoSize.height,
  connectPlayer = connectYouTube,
  priority = false,
}: VideoProps) {
  const [state, setState] = useState(initialVideo);
  const current = useRef(state);
  const frame = useRef<HTMLIFrameElement>(null);
  const player = useRef<VideoPlayer | null>(null);
  // With no thumbnail host configured, our own poster is the thumbnail from the start.
  const [thumbState, setThumbState] = useState<"loading" | "loaded" | "failed">(thumbHost ? "loading" : "failed");

  // Transitions go through here so each one's analytics are reported exactly once.
  const send = useCallback(
    (event: VideoEvent) => {
      const previous = current.current;
      const next = videoReducer(previous, event);
      if (next === previous) return;
      current.current = next;
      setState(next);
      for (const report of videoReports(previous, next, videoTitle)) trackEvent(report);
    },
    [videoTitle],
  );

  // The thumbnail may have finished (or failed) before hydration attached onLoad/onError.
  const checkThumb = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete) setThumbState(isPlaceholder(img) ? "failed" : "loaded");
  }, []);

  const open = showsPlayer(state);
  useEffect(() => {
    if (!open || !frame.current) return;
    frame.current.focus();
    return connectPlayer(frame.current, {
      onReady: (ready) => {
        player.current = ready;
        send({ type: "playerReady" });
        ready.play();
      },
      onStatus: (status) => send({ type: "playerStatus", status }),
      onUnavailable: () => send({ type: "playerUnavailable" }),
    });
  }, [open, connectPlayer, send]);

  useEffect(() => {
    if (state.status !== "replaying") return;
    const timer = setTimeout(() => {
      player.current?.seekTo(0);
      player.current?.play();
      send({ type: "replayDue" });
    }, replayDelayMs);
    return () => clearTimeout(timer);
  }, [state.status, send]);

  const imageLoading = priority ? ({ loading: "eager", fetchPriority: "high" } as const) : ({ loading: "lazy" } as const);
  const watchUrl = `${site.videoWatchUrl}?v=${encodeURIComponent(videoId)}`;
  return (
    <figure className="w-full" style={{ maxWidth: width }} data-video-status={state.status}>
      <div className="relative aspect-video overflow-hidden rounded-2xl bg-gradient-to-br from-brand-800 to-brand-900 shadow-lg ring-1 ring-black/5">
        {!open && (
          <>
            {thumbState === "failed" && (
              <picture>
                {poster.sources.map((source) => (
                  <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={`(min-width: ${width + 64}px) ${width}px, 100vw`} />
                ))}
                <img
                  src={poster.src}
                  alt=""
                  width={poster.width}
                  height={poster.height}
                  {...imageLoading}
                  className="absolute inset-0 h-full w-full object-cover object-top"
                />
              </picture>
            )}
            {thumbState !== "failed" && (
              <img
                ref={checkThumb}
                src={`${thumbHost}/${videoId}/${thumbResolution}${thumbFile}`}
                alt=""
                width={width}
                height={height}
                {...imageLoading}
                onLoad={(event) => setThumbState(isPlaceholder(event.currentTarget) ? "failed" : "loaded")}
                onError={() => setThumbState("failed")}
                className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-300 ${thumbState === "loaded" ? "opacity-100" : "opacity-0"}`}
              />
            )}
            <span className="absolute inset-0 bg-gradient-to-t from-brand-900/80 via-brand-900/25 to-brand-900/10" />
            <button
              type="button"
              onClick={() => send({ type: "open" })}
              aria-label={`Play video: ${videoTitle}`}
              className="group absolute inset-0 flex flex-col items-center justify-center gap-3 text-white focus-visible:outline-offset-[-6px]"
            >
              <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 shadow-lg transition-transform group-hover:scale-110 sm:h-20 sm:w-20">
                <svg viewBox="0 0 24 24" className="ml-1 h-8 w-8 text-brand-700" aria-hidden="true" focusable="false">
                  <path d="M8 5v14l11-7z" fill="currentColor" />
                </svg>
              </span>
              <span className="rounded-full bg-brand-900/70 px-3 py-1 text-sm font-semibold">Play video</span>
            </button>
          </>
        )}
        {open && (
          <iframe
            ref={frame}
            src={embedUrl(site.videoHost, videoId, window.location.origin)}
            title={videoTitle}
            width={width}
            height={height}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            className="absolute inset-0 h-full w-full border-0"
          />
        )}
        {state.status === "ended" && (
          <section
            aria-label="What next"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 overflow-y-auto bg-brand-900/95 p-4 text-center text-white"
          >
            <p className="text-lg font-semibold">Thanks for watching. What next?</p>
            <div className="flex flex-wrap justify-center gap-3">
              <button type="button" className="btn bg-white text-brand-800 hover:bg-brand-100" onClick={() => send({ type: "playAgain" })}>
                <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
                  <path
                    d="M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                Play Again
              </button>
              <ScheduleCall variant="accent" type="video" />
            </div>
            <div className="w-full max-w-md text-left">
              <Suspense fallback={null}>
                <ContactForm compact subject={`Question about the video: ${videoTitle}`} />
              </Suspense>
            </div>
          </section>
        )}
      </div>
      <figcaption className="mt-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-base">
        <span className="font-medium text-ink">{videoTitle}</span>
        <a href={watchUrl} target="_blank" rel="noopener" className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Watch on {site.videoServiceName}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  );
}
