import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { ShellData } from "#app/features/blog/posts.server.ts";
import { footerLinks, pricingPath } from "./navigation.ts";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { buildYear, site } from "#app/shared/site.ts";
import { LogoMark } from "./Logo.tsx";
import { formatFullDate } from "./full-date.ts";
import { useHydrated } from "#app/features/hydration/use-hydrated.ts";

/**
 * Today's date in full format. The prerendered HTML was made on the build day, so it leaves
 * the date out and the browser fills it in once hydrated: no hydration mismatch, and never a
 * stale date. Its own component, so filling the date in re-renders only the date, not the footer.
 */
function Today() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const today = new Date();
  return <time dateTime={today.toISOString().slice(0, 10)}>{formatFullDate(today)}</time>;
}

// Styled in app.css (footer-heading, footer-link), to keep the classes out of every page's script.
const headingClass = "footer-heading";
const linkClass = "footer-link";

/** A column's links; `children` are further `<li>` items that are not routes of the site. */
function LinkList({ links, children }: { links: readonly { to: string; label: string }[]; children?: ReactNode }) {
  return (
    <ul className="mt-3 space-y-1">
      {links.map((link) => (
        <li key={link.to}>
          <Link className={linkClass} to={link.to}>
            {link.label}
          </Link>
        </li>
      ))}
      {children}
    </ul>
  );
}

// Where buyers look from the bottom of any page: what it does, what it costs and how it keeps data.
const productLinks = [
  { to: "/features", label: "Features" },
  { to: pricingPath, label: "Pricing" },
  { to: "/solutions", label: "Solutions" },
  { to: "/security", label: "Security" },
] as const;

// Pages outside the header and the spec's footer links, so every page is reachable; the blog only once
// it has a post (the root loader says so), never as a promise of one.
const blogLink = { to: "/blog", label: "Blog" };
const mediaLink = { to: "/media", label: "Media" };

export function SiteFooter() {
  return (
    <footer className="mt-24 border-t border-line bg-surface">
      <div className="footer-grid">
        <div>
          <div className="brand-link">
            <LogoMark />
            {site.brand}
          </div>
          <p className="mt-3 max-w-sm text-base text-muted">
            Time, expense, projects, resources, billing, time off and payroll — native inside {site.platformName}.
          </p>
          <ScheduleCall type="Lead" className="mt-5" />
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          <nav aria-label="Footer">
            <h2 className={headingClass}>Company</h2>
            <LinkList links={footerLinks} />
          </nav>
          <nav aria-label="Product">
            <h2 className={headingClass}>Product</h2>
            <LinkList links={productLinks} />
          </nav>
          <div>
            <h2 className={headingClass}>More from us</h2>
            <LinkList links={useRouteLoaderData<ShellData>("root")?.blog ? [blogLink, mediaLink] : [mediaLink]}>
              <li>
                <a className={linkClass} href={site.siblingAppUrl} target="_blank" rel="noopener">
                  {site.siblingAppName}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
              <li>
                <a className={linkClass} href="#top">
                  Back to top
                </a>
              </li>
            </LinkList>
          </div>
        </div>
      </div>
      <div className="border-t border-line">
        <div className="footer-bar">
          <p>
            © {site.foundedYear}–{buildYear} {site.company} All rights reserved.
          </p>
          <p className="min-h-5">
            <Today />
          </p>
        </div>
      </div>
    </footer>
  );
}
