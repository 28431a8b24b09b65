import { Link } from "react-router";
import { footerLinks } from "./navigation.ts";
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

// Pages outside the header and the spec's footer links, so every page is reachable.
const moreLinks = [
  { to: "/blog", label: "Blog" },
  { to: "/media", label: "Media" },
] as const;

export function SiteFooter() {
  return (
    <footer className="mt-24 border-t border-line bg-surface">
      <div className="container-page grid gap-10 py-12 md:grid-cols-[1.5fr_1fr_1fr]">
        <div>
          <div className="flex items-center gap-2.5 text-lg font-bold text-ink">
            <LogoMark />
            {site.brand}
          </div>
          <p className="mt-3 max-w-sm text-base text-muted">
            Time, expense, projects, resources, billing, time off and payroll — native inside {site.platformName}.
          </p>
          <ScheduleCall type="Lead" className="mt-5" />
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wide text-ink uppercase">Company</h2>
          <ul className="mt-3 space-y-1">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link
                  className="inline-block py-1.5 text-base text-muted underline-offset-2 hover:text-brand-700 hover:underline"
                  to={link.to}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-ink uppercase">More from us</h2>
          <ul className="mt-3 space-y-1">
            {moreLinks.map((link) => (
              <li key={link.to}>
                <Link
                  className="inline-block py-1.5 text-base text-muted underline-offset-2 hover:text-brand-700 hover:underline"
                  to={link.to}
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <a
                className="inline-block py-1.5 text-base text-muted underline-offset-2 hover:text-brand-700 hover:underline"
                href={site.siblingAppUrl}
                target="_blank"
                rel="noopener"
              >
                {site.siblingAppName}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a
                className="inline-block py-1.5 text-base text-muted underline-offset-2 hover:text-brand-700 hover:underline"
                href="#top"
              >
                Back to top
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-line">
        <div className="container-page flex flex-col gap-1 py-5 text-sm text-muted sm:flex-row sm:justify-between">
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
