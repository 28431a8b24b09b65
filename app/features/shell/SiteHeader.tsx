import { useState } from "react";
import { Link, useLocation } from "react-router";
import { headerLinkCurrent, headerLinks } from "./navigation.ts";
import { site } from "#app/shared/site.ts";
import { LogoMark } from "./Logo.tsx";

/** Header of every page: logo, the six main links (current one aria-current), mobile menu. */
export function SiteHeader() {
  const { pathname } = useLocation();
  // The menu remembers the page it was opened on, so navigating anywhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex items-center gap-2.5 rounded text-lg font-bold text-ink no-underline">
          <LogoMark />
          <span>{site.brand}</span>
          <span className="sr-only">home page</span>
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavItems className="flex items-center gap-1" pathname={pathname} />
        </nav>
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-ink hover:bg-surface md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
          <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      <nav id="mobile-menu" aria-label="Main (mobile)" hidden={!menuOpen} className="border-t border-line bg-white md:hidden">
        <NavItems className="container-page flex flex-col py-2" pathname={pathname} />
      </nav>
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
            <Link
              to={link.to}
              aria-current={current}
              className={`block rounded-lg px-3 py-2.5 text-base font-medium no-underline transition-colors ${
                current ? "bg-brand-50 text-brand-800" : "text-muted hover:bg-surface hover:text-ink"
              }`}
            >
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
