import { useEffect, useReducer, useSyncExternalStore, type CSSProperties, type FocusEvent } from "react";
import { Link } from "react-router";
import { carouselFadeMs, carouselReducer, initialCarousel, scheduleAdvance, type CarouselEvent } from "./carousel.ts";
import { slideImageSizes, slideViews, type CarouselSlide } from "./slides.ts";
import { useHydrated } from "#app/features/hydration/use-hydrated.ts";

/**
 * The home page carousel (WAI-ARIA carousel pattern): a rotation control, previous/next
 * buttons and a slide picker; each slide a labelled group whose title link carries the
 * click to its targetUrl. The logic is the reducer in carousel.ts; this renders it.
 */
export function Carousel({ slides, label }: { slides: readonly CarouselSlide[]; label: string }) {
  const [state, dispatch] = useReducer(carouselReducer, slides.length, initialCarousel);
  // Slides after the first load their images once the page has loaded, so they never compete with the LCP image.
  const warm = useSyncExternalStore(onPageLoad, pageLoaded, () => false);
  // The controls work once hydrated.
  const ready = useHydrated();

  useEffect(() => scheduleAdvance(state, dispatch), [state.status, state.index]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) dispatch({ type: "reduceMotion" });
  }, []);

  const send = (event: CarouselEvent) => () => dispatch(event);
  // Focus from a pointer click is covered by hover; only keyboard focus (:focus-visible) holds the carousel.
  const onFocus = (event: FocusEvent) => {
    if ((event.target as HTMLElement).matches(":focus-visible")) dispatch({ type: "focusIn" });
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) dispatch({ type: "focusOut" });
  };

  const views = slideViews(slides, state);
  const rotating = state.status === "rotating";
  // The rotation control shows what the visitor chose (WAI-ARIA APG): a hover or focus hold does not
  // turn it into a play button under the pointer, so clicking it while hovering always stops rotation.
  const stopped = state.status === "stopped";
  const itemsId = "carousel-items";
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-ready={ready || undefined}
      data-status={state.status}
      className="relative"
      style={{ "--carousel-fade": `${carouselFadeMs}ms` } as CSSProperties}
      onPointerEnter={send({ type: "pointerEnter" })}
      onPointerLeave={send({ type: "pointerLeave" })}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div id={itemsId} aria-live={rotating ? "off" : "polite"} className="grid">
        {views.map((slide) => (
          <div
            key={slide.no}
            role="group"
            aria-roledescription="slide"
            aria-label={`${slide.no + 1} of ${slides.length}: ${slide.title}`}
            inert={!slide.active}
            data-active={slide.active || undefined}
            // The focus ring goes on the card, outside its rounded overflow, where nothing clips it.
            className={`group relative col-start-1 row-start-1 flex flex-col overflow-hidden rounded-3xl border border-line shadow-sm has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-focus ${slide.colorClass} ${slide.transClass}`}
          >
            <div className="px-3 pt-3 sm:px-5 sm:pt-5">
              {slide.no === 0 || warm ? (
                <picture className="block">
                  {slide.srcset.map((source) => (
                    <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={slideImageSizes} />
                  ))}
                  <img
                    src={slide.imageUrl}
                    alt={slide.img.alt}
                    width={slide.img.width}
                    height={slide.img.height}
                    loading={slide.no === 0 ? "eager" : "lazy"}
                    fetchPriority={slide.no === 0 ? "high" : "low"}
                    className="h-auto w-full transition-transform duration-300 group-hover:scale-[1.01]"
                  />
                </picture>
              ) : (
                // Reserves the image's box until the other slides' images are fetched after load.
                <span className="block aspect-[4/3] w-full" />
              )}
            </div>
            <div className="px-5 pt-1 pb-5 sm:px-7 sm:pb-6">
              <h2 className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
                <Link to={slide.targetUrl} className="after:absolute after:inset-0 after:rounded-3xl focus-visible:outline-none">
                  {slide.title}
                  <span className="sr-only"> — {slide.cta}</span>
                </Link>
              </h2>
              <p className="mt-1.5 text-base text-muted">{slide.description}</p>
              <p aria-hidden="true" className="mt-3 text-base font-semibold text-brand-700 group-hover:underline">
                {slide.cta} →
              </p>
            </div>
          </div>
        ))}
      </div>

      {/* 288 px at 320 px wide (the row must fit the viewport less the page's 16 px sides). */}
      <div className="mt-4 flex items-center justify-between gap-2 sm:gap-3">
        <button
          type="button"
          className="carousel-control"
          aria-controls={itemsId}
          aria-label={stopped ? "Start automatic slide show" : "Stop automatic slide show"}
          onClick={send({ type: stopped ? "play" : "pause" })}
        >
          {stopped ? <PlayIcon /> : <PauseIcon />}
        </button>
        <div className="flex items-center gap-1" role="group" aria-label="Choose a slide">
          {slides.map((slide) => (
            <button
              key={slide.no}
              type="button"
              className="group/dot flex h-11 w-7 items-center justify-center sm:w-8"
              aria-controls={itemsId}
              aria-label={`Show slide ${slide.no + 1} of ${slides.length}: ${slide.title}`}
              aria-current={slide.no === state.index || undefined}
              onClick={send({ type: "pick", index: slide.no })}
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${slide.no === state.index ? "w-6 bg-brand-600" : "w-2.5 bg-brand-600/30 group-hover/dot:bg-brand-600/60"}`}
              />
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <button type="button" className="carousel-control" aria-controls={itemsId} aria-label="Previous slide" onClick={send({ type: "previous" })}>
            <ChevronIcon direction="left" />
          </button>
          <button type="button" className="carousel-control" aria-controls={itemsId} aria-label="Next slide" onClick={send({ type: "next" })}>
            <ChevronIcon direction="right" />
          </button>
        </div>
      </div>
    </section>
  );
}

function onPageLoad(notify: () => void) {
  window.addEventListener("load", notify);
  return () => window.removeEventListener("load", notify);
}
const pageLoaded = () => document.readyState === "complete";

const iconProps = { viewBox: "0 0 24 24", className: "h-5 w-5", "aria-hidden": true, focusable: false } as const;

const PauseIcon = () => (
  <svg {...iconProps}>
    <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
  </svg>
);
const PlayIcon = () => (
  <svg {...iconProps}>
    <path d="M8 5v14l11-7z" fill="currentColor" />
  </svg>
);
const ChevronIcon = ({ direction }: { direction: "left" | "right" }) => (
  <svg {...iconProps}>
    <path
      d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
