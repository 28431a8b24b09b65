/**
 * The home page carousel's four slides (requirements §2), with every field of requirements §3 "Carousel
 * slide". `active`, `previous` and `transClass` are the slide's part of the carousel's
 * state, derived by `slideViews` from the reducer in carousel.ts.
 */
import { artworkImage, type ArtworkName, type FocusScreenName } from "#app/shared/artwork.ts";
import type { CarouselState } from "./carousel.ts";

export interface CarouselSlide {
  /** Position, from 0. */
  no: number;
  title: string;
  description: string;
  /** The image for browsers that take no <source> (1400 px WebP). */
  imageUrl: string;
  /** The artwork shown, and its description for screen readers. */
  img: { name: ArtworkName; alt: string; width: number; height: number };
  /** AVIF and WebP candidates at 1920, 1400, 540 and 360 px. */
  srcset: { type: string; srcSet: string }[];
  /** The same for the detail of the screen shown below 640 px, so its numbers stay readable (art/details.ts). */
  phoneSrcset: { type: string; srcSet: string }[];
  /** The same for the crop to the slide's claim shown from 1024 px, where the column is narrower than the screen wants (art/focus.ts). */
  wideSrcset: { type: string; srcSet: string }[];
  targetUrl: string;
  /** Backdrop of the slide. Full class names, so Tailwind finds them. */
  colorClass: string;
  /** Label of the link that carries the slide's click. */
  cta: string;
}

export interface CarouselSlideView extends CarouselSlide {
  active: boolean;
  previous: boolean;
  /** CSS class of the 600 ms fade (app.css): fading in, fading out, or hidden. */
  transClass: "carousel-in" | "carousel-out" | "carousel-hidden";
}

/** `sizes` of every slide image: the carousel column on wide screens, the viewport's width on narrow ones. */
export const slideImageSizes = "(min-width: 1024px) 600px, calc(100vw - 2rem)";

/** The artwork of the first slide, preloaded by the home route. */
export const firstSlideArt: FocusScreenName = "timesheet";

/** `sizes` of the detail images: the slide's width on a phone. */
export const phoneImageSizes = "calc(100vw - 3.5rem)";

const definitions = [
  {
    art: firstSlideArt,
    alt: "A weekly timesheet: five project lines with hours for Monday to Friday, daily totals of 8 hours and a 40-hour week ready to submit.",
    targetUrl: "/features/time-expense-items",
    colorClass: "bg-gradient-to-br from-brand-100 via-brand-50 to-white",
    cta: "See time and expense entry",
  },
  {
    art: "expense-report",
    alt: "An expense report with six lines, an attached hotel receipt, a total of USD 1,284.60 and its approval steps.",
    targetUrl: "/features/time-expense-reports",
    colorClass: "bg-gradient-to-br from-accent-100 via-accent-50 to-white",
    cta: "See timesheet and expense reports",
  },
  {
    art: "project-board",
    alt: "A project board: hours, budget and billable share, and a week-by-week allocation of five people to deliverables.",
    targetUrl: "/features/project",
    colorClass: "bg-gradient-to-br from-sky-100 via-slate-50 to-white",
    cta: "See project and resource management",
  },
  {
    art: "invoice",
    alt: "A billing run of three projects and an approved invoice listing billable hours, a hotel and mileage, totalling USD 9,312.60.",
    targetUrl: "/features/billing",
    colorClass: "bg-gradient-to-br from-amber-100 via-amber-50 to-white",
    cta: "See billing",
  },
] as const satisfies readonly {
  art: FocusScreenName;
  alt: string;
  targetUrl: string;
  colorClass: string;
  cta: string;
}[];

/**
 * The slides with their titles and descriptions from the "carousel/slides" content key (one entry per
 * slide, in order), which the home route's loader reads: the words travel in the route data, not the
 * script, so publishing new ones re-renders / without a build.
 */
export const slidesOf = (texts: readonly { title: string; description: string }[]): CarouselSlide[] =>
  definitions.map(({ art, alt, ...slide }, no) => {
    const image = artworkImage(art);
    return {
      title: texts[no].title,
      description: texts[no].description,
      ...slide,
      no,
      imageUrl: image.src,
      img: { name: art, alt, width: image.width, height: image.height },
      srcset: image.sources,
      phoneSrcset: artworkImage(`${art}-detail`).sources,
      wideSrcset: artworkImage(`${art}-focus`).sources,
    };
  });

/** Each slide with its view state: which is active, which is fading out, and its fade class. */
export function slideViews(
  all: readonly CarouselSlide[],
  state: Pick<CarouselState, "index" | "previous">,
): CarouselSlideView[] {
  return all.map((slide) => {
    const active = slide.no === state.index;
    const previous = !active && slide.no === state.previous;
    return {
      ...slide,
      active,
      previous,
      transClass: active ? "carousel-in" : previous ? "carousel-out" : "carousel-hidden",
    };
  });
}
