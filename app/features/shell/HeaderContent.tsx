import { Link } from "react-router";
import { headerLinkCurrent, headerLinks, pricingPath } from "./navigation.ts";
import { ExternalLink } from "#app/shared/ExternalLink.tsx";
import { selfServe } from "#app/features/schedule-call/schedule.ts";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { site } from "#app/shared/site.ts";
import { LogoMark } from "./Logo.tsx";

/*
 * The header's static parts, rendered on the server only (ShellContent.tsx) for the page's own path;
 * SiteHeader.tsx adopts them around its island (the menu button and the popover's state) and keeps
 * the links' aria-current in step with client navigation.
 */

export function HeaderBrand() {
  return (
    <Link to="/" className="brand-link">
      <LogoMark />
      {/* Below 480 px the mark alone, so the prices and the call to action fit beside the menu button. */}
      <span className="max-[479px]:sr-only">{site.brand}</span>
      <span className="sr-only">home page</span>
    </Link>
  );
}

/**
 * The prices (outside the Main navigation, which holds the spec's six links) and the call to action on
 * every page: beside the menu button, compact, below lg.
 */
export function HeaderActions({ pathname }: { pathname: string }) {
  return (
    <div className="header-actions">
      <nav aria-label="Main" className="hidden lg:block">
        <NavItems className="flex items-center gap-1" pathname={pathname} />
      </nav>
      <Link to={pricingPath} className="pricing-link">
        Pricing
      </Link>
      <ScheduleCall action="demo" className="header-cta" />
    </div>
  );
}

/** The popover's content, below lg. */
export function MenuContent({ pathname }: { pathname: string }) {
  return (
    <>
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
    </>
  );
}

/** The six main links; the current one (or its section's) aria-current, here and after navigation (SiteHeader). */
function NavItems({ className, pathname }: { className: string; pathname: string }) {
  return (
    <ul className={className}>
      {headerLinks.map((link) => (
        <li key={link.to}>
          <Link to={link.to} aria-current={headerLinkCurrent(link.to, pathname)} className="nav-link">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
