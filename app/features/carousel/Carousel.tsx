import {
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useSyncExternalStore,
  type CSSProperties,
  type FocusEvent,
} from "react";
import { Link } from "react-router";
import { carouselFadeMs, carouselReducer, initialCarousel, scheduleAdvance, type CarouselEvent } from "./carousel.ts";
import { phoneImageSizes, slideImageSizes, slideViews, type CarouselSlide, type CarouselSlideView } from "./slides.ts";
import { phoneDetailMedia, wideFocusMedia } from "#common/art.ts";
import { Picture } from "#app/shared/Picture.tsx";
import { useHydrated } from "#app/features/hydration/use-hydrated.ts";
import { pressed } from "#app/shared/pressed.ts";

/**
 * The home page carousel (WAI-ARIA carousel pattern): a rotation control, previous/next
 * buttons and a slide picker; each slide a labelled group whose title link carries the
 * click to its targetUrl. The logic is the reducer in carousel.ts; this renders it.
 * Until the app runs (and without JavaScript) it is a scroll-snapped strip whose picker is
 * links to each slide, so every slide is reachable; the app turns it into the timed carousel.
 */
export function Carousel({ slides, label }: { slides: readonly CarouselSlide[]; label: string }) {
  const [state, dispatch] = useReducer(carouselReducer, slides.length, initialCarousel);
  // Slides after the first load their images once the page has loaded, so they never compete with the LCP image.
  const warm = useSyncExternalStore(onPageLoad, pageLoaded, () => false);
  // The controls work once hydrated.
  const ready = useHydrated();

  // A slide reached before the app ran (a picker or next link, a swipe along the strip) stays shown:
  // read from the strip as hydration commits, before the app turns it into the stacked carousel.
  const items = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ready || !items.current) return;
    const index = slideInView(items.current);
    if (index > 0) dispatch({ type: "pick", index });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

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
  // The rotation control needs the app: until it runs it keeps its place, unseen. Previous and next are
  // links to the neighbouring slides until then (hidden only where no script runs at all), buttons after.
  const rotationVisibility = ready ? "" : "invisible";
  const step = (event: CarouselEvent, target: number) => ({
    href: `#${slideId((target + slides.length) % slides.length)}`,
    role: ready ? "button" : undefined,
    "aria-controls": ready ? itemsId : undefined,
    className: "carousel-control noscript:invisible",
    ...pressed(() => dispatch(event)),
  });
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-ready={ready || undefined}
      data-status={state.status}
      // min-w-0: the strip's slides side by side must not widen the page's grid column.
      className="relative min-w-0"
      style={{ "--carousel-fade": `${carouselFadeMs}ms` } as CSSProperties}
      onPointerEnter={send({ type: "pointerEnter" })}
      onPointerLeave={send({ type: "pointerLeave" })}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div
        ref={items}
        id={itemsId}
        aria-live={rotating ? "off" : "polite"}
        // One scroll container in both forms, so the first slide never changes box when the app runs: before,
        // the slides sit side by side and snap (no scroll bar, whose height would shift the page); after, they
        // stack in one cell. The padding keeps the cards' focus ring inside it; the slides snap to it (scroll-px-2),
        // not to the scroller's edge, so the first slide sits where the stacked carousel will show it.
        className={`-m-2 grid overflow-x-auto p-2 [scrollbar-width:none] ${ready ? "" : "snap-x snap-mandatory scroll-px-2 auto-cols-[100%] grid-flow-col gap-4"}`}
      >
        {views.map((slide) => (
          <div
            key={slide.no}
            id={slideId(slide.no)}
            role="group"
            aria-roledescription="slide"
            aria-label={`${slide.no + 1} of ${slides.length}: ${slide.title}`}
            inert={ready && !slide.active}
            data-active={slide.active || undefined}
            // The focus ring goes on the card, outside its rounded overflow, where nothing clips it.
            className={`group carousel-slide ${slide.colorClass} ${ready ? `col-start-1 row-start-1 ${slide.transClass}` : "scroll-mt-24 snap-start"}`}
          >
            <div className="px-3 pt-3 sm:px-5 sm:pt-5">
              {slide.no === 0 || warm ? (
                <SlidePicture slide={slide} />
              ) : (
                // Reserves the image's box until the other slides' images are fetched after load; without
                // JavaScript (only then is <noscript> markup) the strip shows them in that box.
                <span className="relative block aspect-[4/3] w-full">
                  <noscript>
                    <SlidePicture slide={slide} className="absolute inset-0" />
                  </noscript>
                </span>
              )}
            </div>
            <div className="px-5 pt-1 pb-5 sm:px-7 sm:pb-6">
              <h2 className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
                <Link
                  to={slide.targetUrl}
                  className="after:absolute after:inset-0 after:rounded-3xl focus-visible:outline-none"
                >
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
          className={`carousel-control ${rotationVisibility}`}
          aria-controls={itemsId}
          aria-label={stopped ? "Start automatic slide show" : "Stop automatic slide show"}
          onClick={send({ type: stopped ? "play" : "pause" })}
        >
          {stopped ? <PlayIcon /> : <PauseIcon />}
        </button>
        <div className="flex items-center gap-1" role="group" aria-label="Choose a slide">
          {slides.map((slide) => {
            const label = `Show slide ${slide.no + 1} of ${slides.length}: ${slide.title}`;
            const dot = (
              <span
                className={`block h-2.5 rounded-full transition-all ${slide.no === state.index ? "w-6 bg-brand-600" : "w-2.5 bg-brand-600/30 group-hover/dot:bg-brand-600/60"}`}
              />
            );
            // One element from the first paint on: a link to its slide in the strip until the app runs,
            // then a button in place (a <button> swapped in for it lost a tap that landed as it was swapped).
            return (
              <a
                key={slide.no}
                href={`#${slideId(slide.no)}`}
                role={ready ? "button" : undefined}
                className={dotClass}
                aria-controls={ready ? itemsId : undefined}
                aria-label={label}
                aria-current={(ready && slide.no === state.index) || undefined}
                {...pressed(() => dispatch({ type: "pick", index: slide.no }))}
              >
                {dot}
              </a>
            );
          })}
        </div>
        <div className="flex gap-2">
          <a {...step({ type: "previous" }, state.index - 1)} aria-label="Previous slide">
            <ChevronIcon direction="left" />
          </a>
          <a {...step({ type: "next" }, state.index + 1)} aria-label="Next slide">
            <ChevronIcon direction="right" />
          </a>
        </div>
      </div>
    </section>
  );
}

const slideId = (no: number) => `carousel-slide-${no + 1}`;

/** The slide the strip shows now (the strip as it is before the app runs: slides side by side). */
function slideInView(strip: HTMLElement): number {
  const left = strip.getBoundingClientRect().left;
  const offsets = [...strip.children].map((slide) => Math.abs(slide.getBoundingClientRect().left - left));
  return offsets.indexOf(Math.min(...offsets));
}
const dotClass = "group/dot flex h-11 w-7 items-center justify-center sm:w-8";

/** A slide's screen; the first is the page's largest paint, so it loads at once and first. */
function SlidePicture({ slide, className = "" }: { slide: CarouselSlideView; className?: string }) {
  return (
    <Picture
      className={`block ${className}`}
      image={{ src: slide.imageUrl, width: slide.img.width, height: slide.img.height, sources: slide.srcset }}
      alt={slide.img.alt}
      sizes={slideImageSizes}
      directions={[
        // Below 640 px the detail of the screen, so its numbers stay readable (art/details.ts); from 1024 px
        // the crop to the slide's claim, so its labels stay 9 px or more in the column (art/focus.ts).
        { sources: slide.phoneSrcset, media: phoneDetailMedia, sizes: phoneImageSizes },
        { sources: slide.wideSrcset, media: wideFocusMedia, sizes: slideImageSizes },
      ]}
      loading={slide.no === 0 ? "eager" : "lazy"}
      fetchPriority={slide.no === 0 ? "high" : "low"}
      decoding="auto"
      imgClassName="h-auto w-full transition-transform duration-300 group-hover:scale-[1.01]"
    />
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
