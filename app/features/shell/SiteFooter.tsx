import { useEffect } from "react";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { formatFullDate } from "./full-date.ts";
import { useShellHtml } from "./shell-html.ts";

/**
 * Today's date in full format. The prerendered HTML was made on the build day, so it leaves
 * the date out and the browser writes it into the static footer's empty slot once the app runs:
 * never a stale date, and its `<time>` is the sign that the app has started (tests/e2e/fixtures.ts).
 * Plain DOM, once (the footer stays across navigations): no portal, whose import would split
 * react-dom's entry into a chunk of its own (+1.4 KB gzip on every page).
 */
function useToday() {
  useEffect(() => {
    const slot = document.querySelector("#site-footer [data-today]");
    if (!slot || slot.firstChild) return;
    const today = new Date();
    const time = document.createElement("time");
    time.dateTime = today.toISOString().slice(0, 10);
    time.textContent = formatFullDate(today);
    slot.append(time);
  }, []);
}

/**
 * The footer of every page, static HTML (FooterContent.tsx, rendered by entry.server.tsx) that
 * hydration adopts without walking it (app/features/static-html): on the server the HTML comes from
 * entry.server.tsx; in the browser, from the document itself, so it is not in the hydration data (shell-html.ts).
 * Its page links navigate client-side and its call to action reports its event through StaticHtml's
 * delegation; only the date is filled in here.
 */
export function SiteFooter() {
  const html = useShellHtml("site-footer");
  useToday();
  return <StaticHtml html={html} id="site-footer" />;
}
