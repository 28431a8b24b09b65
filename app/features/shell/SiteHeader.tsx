import { useEffect, useLayoutEffect, useReducer, useRef, type FocusEvent, type ToggleEvent } from "react";
import { useLocation } from "react-router";
import { headerLinkCurrent } from "./navigation.ts";
import { closedMenu, isMenuOpen, menuReducer } from "./mobile-menu.ts";
import { useHydrated } from "#app/features/hydration/use-hydrated.ts";
import { StaticHtml } from "#app/features/static-html/StaticHtml.tsx";
import { useShellHtml } from "./shell-html.ts";

/** Where the header shows the full navigation instead of the menu button (Tailwind's lg). */
const wideHeader = "(min-width: 64rem)";

/**
 * Header of every page: logo, the six main links (current one aria-current), the "Schedule Demo"
 * call to action, and below lg a menu button. The open menu covers the page with a backdrop and
 * locks its scroll (the page does not move under it); Escape or a tap outside closes it and gives
 * focus back to the button; navigating, or focus moving on past it, closes it too. The menu is a
 * native popover (popovertarget), so it opens and light-dismisses before the app runs and without
 * JavaScript; once the app runs React owns it and keeps the popover in step with its state.
 *
 * Only that state is React's: the logo, the links, the prices and the calls to action are static HTML
 * (HeaderContent.tsx, rendered by entry.server.tsx for the page's path) that hydration adopts without
 * walking it; their page links navigate client-side through StaticHtml, and the main links'
 * aria-current follows the location here.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const [menu, dispatch] = useReducer(menuReducer, closedMenu);
  const menuOpen = isMenuOpen(menu, pathname);
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const brand = useShellHtml("header-brand");
  const actions = useShellHtml("header-actions");
  const menuContent = useShellHtml("header-menu");

  // The static links were rendered for the first page; after a client navigation they follow the new one.
  useLayoutEffect(() => {
    for (const link of header.current?.querySelectorAll<HTMLAnchorElement>("a.nav-link") ?? []) {
      const current = headerLinkCurrent(link.pathname, pathname);
      if (current) link.setAttribute("aria-current", current);
      else link.removeAttribute("aria-current");
    }
  }, [pathname]);

  // React's state drives the popover: shown when open on this page, hidden otherwise (navigation too).
  useEffect(() => {
    const element = popover.current;
    if (!element) return;
    if (menuOpen !== element.matches(":popover-open")) {
      if (menuOpen) element.showPopover();
      else element.hidePopover();
    }
  }, [menuOpen]);
  // The browser's own dismissals (a tap outside, Escape) and an opening before hydration reach the
  // state; a dismissal while the state was open came from the browser, so focus goes back to the button.
  const onPopoverToggle = (event: ToggleEvent<HTMLDivElement>) => {
    if (event.newState === "open") return dispatch({ type: "opened", page: pathname });
    if (menuOpen) toggle.current?.focus();
    dispatch({ type: "close" });
  };

  useEffect(() => {
    if (!menuOpen) return;
    const closeToButton = () => {
      dispatch({ type: "close" });
      toggle.current?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => event.key === "Escape" && closeToButton();
    // On click, not pointerdown: the click comes after the browser has moved focus for the tap, so focus ends on the button.
    const onClick = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!popover.current?.contains(target) && !toggle.current?.contains(target)) closeToButton();
    };
    const wide = window.matchMedia(wideHeader);
    const onWide = () => wide.matches && dispatch({ type: "close" });
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("click", onClick, true);
    wide.addEventListener("change", onWide);
    return () => {
      root.style.overflow = overflow;
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onClick, true);
      wide.removeEventListener("change", onWide);
    };
  }, [menuOpen]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (menuOpen && next && !header.current?.contains(next)) dispatch({ type: "close" });
  };

  return (
    <header ref={header} onBlur={onBlur} className="sticky top-0 z-40 border-b border-line bg-white">
      <div className="header-row">
        <StaticHtml id="header-brand" html={brand} />
        <StaticHtml id="header-actions" html={actions} />
        <button
          ref={toggle}
          type="button"
          className="menu-button"
          // Without the app the browser states the popover's expanded state itself.
          aria-expanded={hydrated ? menuOpen : undefined}
          aria-controls="mobile-menu"
          popoverTarget="mobile-menu"
          onClick={(event) => {
            event.preventDefault(); // the state toggles, the effect above shows or hides the popover
            dispatch({ type: "toggle", page: pathname });
          }}
        >
          <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
          <svg
            viewBox="0 0 24 24"
            className="h-6 w-6"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      {menuOpen && <div aria-hidden="true" className="menu-scrim" />}
      <div
        id="mobile-menu"
        ref={popover}
        // "auto" light-dismisses before the app runs; the app then dismisses it itself (backdrop, Escape, focus).
        popover={hydrated ? "manual" : "auto"}
        onToggle={onPopoverToggle}
        // In the top layer, below the 4rem header.
        className="mobile-menu"
      >
        <StaticHtml id="header-menu" html={menuContent} />
      </div>
    </header>
  );
}
