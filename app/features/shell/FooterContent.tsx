import type { ReactNode } from "react";
import { Link } from "react-router";
import { footerLinks, pricingPath } from "./navigation.ts";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { buildYear, site } from "#app/shared/site.ts";
import { LogoMark } from "./Logo.tsx";

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
// it has a post (entry.server.tsx says so), never as a promise of one.
const blogLink = { to: "/blog", label: "Blog" };
const mediaLink = { to: "/media", label: "Media" };

/**
 * The footer as static HTML: rendered on the server only (entry.server.tsx, at build and at a publish's
 * re-render), never in the browser, which adopts the markup as it is (SiteFooter.tsx). `blog`: whether
 * the blog has a published post (its link is shown only then).
 */
export function FooterContent({ blog }: { blog: boolean }) {
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
            <LinkList links={blog ? [blogLink, mediaLink] : [mediaLink]}>
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
          {/* Today's date, which only the browser knows: SiteFooter writes it in once the app runs. */}
          <p className="min-h-5" data-today="" />
        </div>
      </div>
    </footer>
  );
}
