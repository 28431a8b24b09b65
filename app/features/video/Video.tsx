import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { trackEvent } from "#app/features/measurement/analytics.ts";
import { posterImage as posterImageOf, type PosterName } from "#app/shared/artwork.ts";
import { site } from "#app/shared/site.ts";
import {
  defaultVideoSize,
  initialVideo,
  playerStartTimeoutMs,
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
import { pressAsButton } from "#app/shared/pressed.ts";
import { useHydrated } from "#app/features/hydration/use-hydrated.ts";

export interface VideoProps {
  videoId: string;
  videoTitle: string;
  /** Our own picture of what the video shows: the thumbnail when the service's cannot be had, and behind the failure message. */
  poster: PosterName;
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
// The small contact form of the end panel (requirements §4) loads only once a video has ended.
const ContactForm = lazy(() =>
  import("#app/features/leads/ContactForm.tsx").then((module) => ({ default: module.ContactForm })),
);
/**
 * The failure panel's two actions: stacked and compact in a frame under 320 px (a 320 px screen
 * gives it 288 × 162), side by side from there, full size from 448 px.
 */
const failureAction =
  "inline-flex min-h-9 w-48 items-center justify-center gap-2 rounded-lg px-3 py-1.5 text-sm font-semibold no-underline transition-colors focus-visible:outline-white @xs:min-h-11 @xs:w-auto @xs:py-2 @md:px-5 @md:text-base";
const strokeIcon = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2.2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;
const facadeClass =
  "group absolute inset-0 flex flex-col items-center justify-center gap-3 text-white focus-visible:outline-offset-[-6px]";
const PlayFace = () => (
  <>
    <span className="flex h-14 w-14 items-center justify-center rounded-full bg-white/95 shadow-lg transition-transform group-hover:scale-110 @sm:h-16 @sm:w-16 @lg:h-20 @lg:w-20">
      <svg
        viewBox="0 0 24 24"
        className="ml-1 h-7 w-7 text-brand-700 @sm:h-8 @sm:w-8"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M8 5v14l11-7z" fill="currentColor" />
      </svg>
    </span>
    <span className="hidden rounded-full bg-brand-900/70 px-3 py-1 text-sm font-semibold @xs:inline">Play video</span>
  </>
);
/** The service answers a missing video with a 120×90 grey placeholder instead of an error. */
const isPlaceholder = (img: HTMLImageElement) => img.naturalWidth <= 120;

/**
 * A recorded demo (requirements §3, §4): the thumbnail first, the player from the privacy-enhanced
 * host after a click, analytics on start and end, and an action panel when it ends. The
 * states are the reducer in video.ts. A 16:9 box reserves the space in every state.
 */
export function Video({
  videoId,
  videoTitle,
  poster,
  thumbHost = site.videoThumbHost,
  thumbResolution = "hq",
  thumbFile = "default.jpg",
  width = defaultVideoSize.width,
  height = defaultVideoSize.height,
  connectPlayer = connectYouTube,
  priority = false,
}: VideoProps) {
  const [state, setState] = useState(initialVideo);
  // Until the player can start (the app runs), the facade is a link to the video: a play pressed
  // early, or without JavaScript, opens it on the video service instead of doing nothing; a press
  // React replays once it has hydrated the facade opens the player.
  const canPlay = useHydrated();
  const current = useRef(state);
  const frame = useRef<HTMLIFrameElement>(null);
  const figure = useRef<HTMLElement>(null);
  const failureMessage = useRef<HTMLDivElement>(null);
  const failureMessageId = useId();
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
      onError: () => send({ type: "playerError" }),
    });
  }, [open, connectPlayer, send]);

  // A player that never gets ready (script stalled, frame blocked) must not leave the visitor waiting.
  useEffect(() => {
    if (state.status !== "loading") return;
    const timer = setTimeout(() => send({ type: "playerTimedOut" }), playerStartTimeoutMs);
    return () => clearTimeout(timer);
  }, [state.status, send]);

  // The focused player frame is gone: the message takes the focus, unless the visitor has moved on.
  const failed = state.status === "failed";
  useEffect(() => {
    if (!failed) return;
    const active = document.activeElement;
    if (!active || active === document.body || figure.current?.contains(active))
      failureMessage.current?.focus({ preventScroll: true });
  }, [failed]);

  useEffect(() => {
    if (state.status !== "replaying") return;
    const timer = setTimeout(() => {
      player.current?.seekTo(0);
      player.current?.play();
      send({ type: "replayDue" });
    }, replayDelayMs);
    return () => clearTimeout(timer);
  }, [state.status, send]);

  const imageLoading = priority
    ? ({ loading: "eager", fetchPriority: "high" } as const)
    : ({ loading: "lazy" } as const);
  const watchUrl = `${site.videoWatchUrl}?v=${encodeURIComponent(videoId)}`;
  const posterImage = posterImageOf(poster);
  return (
    <figure ref={figure} className="w-full" style={{ maxWidth: width }} data-video-status={state.status}>
      <div className="@container relative aspect-video overflow-hidden rounded-2xl bg-gradient-to-br from-brand-800 to-brand-900 shadow-lg ring-1 ring-black/5">
        {!open && (
          <>
            {/* Its own <picture>, not app/shared/Picture.tsx: the video pages show no other, and that chunk
                would cost each of them its bytes (tests/gates/budget.test.ts). */}
            {thumbState === "failed" && (
              <picture>
                {posterImage.sources.map((source) => (
                  <source
                    key={source.srcSet}
                    media={source.media}
                    type={source.type}
                    srcSet={source.srcSet}
                    sizes={`(min-width: ${width + 64}px) ${width}px, 100vw`}
                  />
                ))}
                <img
                  src={posterImage.src}
                  alt=""
                  width={posterImage.width}
                  height={posterImage.height}
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
          </>
        )}
        {state.status === "idle" && (
          <>
            <span className="absolute inset-0 bg-gradient-to-t from-brand-900/80 via-brand-900/25 to-brand-900/10" />
            {/* One element from the first paint on: a link to the video until the app runs, then a button in
                place. Swapping it for a <button> element lost a press that landed as the swap happened. */}
            <a
              href={watchUrl}
              role={canPlay ? "button" : undefined}
              aria-label={`Play video: ${videoTitle}`}
              className={`${facadeClass} no-underline`}
              // Inline handlers rather than pressed(): send reads refs, and React's lint cannot tell that a helper called while rendering only wraps it.
              onClick={(event) => pressAsButton(event, () => send({ type: "open" }))}
              onKeyDown={(event) => pressAsButton(event, () => send({ type: "open" }))}
            >
              <PlayFace />
            </a>
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
        {failed && (
          <section
            aria-labelledby={failureMessageId}
            className="absolute inset-0 flex flex-col items-center justify-center-safe gap-2 overflow-y-auto bg-brand-900/85 p-3 text-center text-white backdrop-blur-[2px] @xs:gap-3 @xs:p-4 @md:gap-4 @md:p-6"
          >
            <svg
              viewBox="0 0 24 24"
              className="hidden h-10 w-10 shrink-0 text-brand-100 @md:block"
              aria-hidden="true"
              focusable="false"
            >
              <rect x="2.5" y="5" width="15" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path
                d="m17.5 10 4-2.5v9l-4-2.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
              <path d="M3 3l18 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
            <div ref={failureMessage} tabIndex={-1} className="max-w-sm">
              <p id={failureMessageId} className="text-sm font-semibold @xs:text-base @md:text-lg">
                This video could not load here.
              </p>
              <p className="mt-1 hidden text-sm text-brand-50 @xs:block">
                Your network may block {site.videoServiceName}. Watch it there instead, or try again.
              </p>
            </div>
            <div className="flex flex-col items-center gap-1.5 @xs:flex-row @xs:flex-wrap @xs:justify-center @xs:gap-2 @md:gap-3">
              <a
                href={watchUrl}
                target="_blank"
                rel="noopener"
                className={`${failureAction} bg-white text-brand-800 hover:bg-brand-100`}
              >
                Watch on {site.videoServiceName}
                <svg viewBox="0 0 24 24" className="hidden h-4 w-4 @md:block" aria-hidden="true" focusable="false">
                  <path
                    d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
                    {...strokeIcon}
                  />
                </svg>
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
              <button
                type="button"
                onClick={() => send({ type: "retry" })}
                className={`${failureAction} border border-white/80 text-white hover:bg-white/10`}
              >
                <svg viewBox="0 0 24 24" className="hidden h-4 w-4 @md:block" aria-hidden="true" focusable="false">
                  <path d="M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4" {...strokeIcon} />
                </svg>
                Try again
              </button>
            </div>
          </section>
        )}
        {state.status === "ended" && (
          <section
            aria-label="What next"
            className="absolute inset-0 flex flex-col items-center justify-center-safe gap-3 overflow-y-auto bg-brand-900/95 p-4 text-center text-white"
          >
            <p className="text-lg font-semibold">Thanks for watching. What next?</p>
            <div className="flex flex-wrap justify-center gap-3">
              <button
                type="button"
                className="btn bg-white text-brand-800 hover:bg-brand-100"
                onClick={() => send({ type: "playAgain" })}
              >
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
        <a
          href={watchUrl}
          target="_blank"
          rel="noopener"
          className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          Watch on {site.videoServiceName}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  );
}
