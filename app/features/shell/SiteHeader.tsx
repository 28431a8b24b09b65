import { useEffect, useReducer, useRef, type FocusEvent, type ToggleEvent } from "react";
import { Link, useLocation } from "react-router";
import { headerLinkCurrent, headerLinks, pricingPath } from "./navigation.ts";
import { closedMenu, isMenuOpen, menuReducer } from "./mobile-menu.ts";
import { ExternalLink } from "#app/shared/ExternalLink.tsx";
import { selfServe } from "#app/features/schedule-call/schedule.ts";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { site } from "#app/shared/site.ts";
import { LogoMark } from "./Logo.tsx";
import { useHydrated } from "#app/features/hydration/use-hydrated.ts";

/** Where the header shows the full navigation instead of the menu button (Tailwind's lg). */
const wideHeader = "(min-width: 64rem)";

/**
 * Header of every page: logo, the six main links (current one aria-current), the "Schedule Demo"
 * call to action, and below lg a menu button. The open menu covers the page with a backdrop and
 * locks its scroll (the page does not move under it); Escape or a tap outside closes it and gives
 * focus back to the button; navigating, or focus moving on past it, closes it too. The menu is a
 * native popover (popovertarget), so it opens and light-dismisses before the app runs and without
 * JavaScript; once the app runs React owns it and keeps the popover in step with its state.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const [menu, dispatch] = useReducer(menuReducer, closedMenu);
  const menuOpen = isMenuOpen(menu, pathname);
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();

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
        <Link to="/" className="brand-link">
          <LogoMark />
          {/* Below 480 px the mark alone, so the prices and the call to action fit beside the menu button. */}
          <span className="max-[479px]:sr-only">{site.brand}</span>
          <span className="sr-only">home page</span>
        </Link>
        {/* The prices (outside the Main navigation, which holds the spec's six links) and the call to action on
            every page: beside the menu button, compact, below lg. */}
        <div className="header-actions">
          <nav aria-label="Main" className="hidden lg:block">
            <NavItems className="flex items-center gap-1" pathname={pathname} />
          </nav>
          <Link to={pricingPath} className="pricing-link">
            Pricing
          </Link>
          <ScheduleCall action="demo" className="header-cta" />
        </div>
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
        <nav aria-label="Main (mobile)">
          <NavItems className="container-page flex flex-col py-2" pathname={pathname} />
        </nav>
        <div className="container-page border-t border-line pt-4 pb-5">
          <ScheduleCall action="demo" className="w-full" />
          <p className="mt-2 text-center text-sm text-muted">A live walk-through with our team, on your own process.</p>
          {/* The self-serve path, without InstallLink's click event: every page loads this. */}
          <ExternalLink className="btn-secondary mt-4 w-full" href={site.marketplaceUrl}>
            {selfServe.label}
          </ExternalLink>
          <p className="mt-2 text-center text-sm text-muted">{selfServe.promise}</p>
        </div>
      </div>
    </header>
  );
}

function NavItems({ className, pathname }: { className: string; pathname: string }) {
  return (
    <ul className={className}>
      {headerLinks.map((link) => {
        const current = headerLinkCurrent(link.to, pathname);
        return (
          <li key={link.to}>
            <Link to={link.to} aria-current={current} className="nav-link">
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
