import type { AnchorHTMLAttributes } from "react";

/** Said after the link text to screen readers, so a new tab is never a surprise (WCAG 3.2.5). */
export const newTabHint = " (opens in a new tab)";

/**
 * A link that leaves the site for a service (scheduler, documentation, marketplace, slides):
 * it opens in a new tab, so the visitor keeps their place here, and says so to screen readers.
 */
export function ExternalLink({ children, ...props }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel">) {
  return (
    <a {...props} target="_blank" rel="noopener" data-print-href={props.href && printedAddress(props.href)}>
      {children}
      <span className="sr-only">{newTabHint}</span>
    </a>
  );
}

/**
 * The address a printed page shows after the link (app.css, print): host and path, without the
 * query's tracking parameters or the scheme, e.g. "schedule.tallyway.example/book".
 */
export function printedAddress(href: string): string {
  try {
    const url = new URL(href);
    return `${url.host}${url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "")}`;
  } catch {
    return href;
  }
}
