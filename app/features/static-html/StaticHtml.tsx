import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { trackEvent } from "#app/features/measurement/analytics.ts";

/**
 * A part of a page that never answers input by itself: HTML rendered on the server (a route
 * loader's `staticMarkup`), kept by React as it is. An element with `dangerouslySetInnerHTML`
 * has no children for React, so hydration makes one fiber for the wrapper and does not walk the
 * HTML inside it: the prerendered DOM is adopted untouched. On a client navigation the same string
 * comes in the route's data and is set as the wrapper's innerHTML.
 *
 * What the HTML's links did as components is delegated here, one listener per part: a page link
 * (an href starting with "/") navigates client-side, with the slide; a link with
 * `data-track-category` reports its event (ScheduleCall's click).
 */
export function StaticHtml({ html, className = "contents", id }: { html: string; className?: string; id?: string }) {
  const navigate = useNavigate();
  function onClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as HTMLElement).closest("a");
    if (!link) return;
    const { trackCategory, trackAction, trackLabel } = link.dataset;
    if (trackCategory) trackEvent({ category: trackCategory, action: trackAction ?? "click", label: trackLabel });
    const href = link.getAttribute("href");
    if (!href?.startsWith("/") || href.startsWith("//") || link.target || link.hasAttribute("download")) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  }
  // Our own components rendered on the server (render.server.tsx); their markdown with raw HTML off.
  return <div id={id} className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
