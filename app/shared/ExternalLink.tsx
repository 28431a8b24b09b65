import type { AnchorHTMLAttributes } from "react";

/** Said after the link text to screen readers, so a new tab is never a surprise (WCAG 3.2.5). */
export const newTabHint = " (opens in a new tab)";

/**
 * A link that leaves the site for a service (scheduler, documentation, marketplace, slides):
 * it opens in a new tab, so the visitor keeps their place here, and says so to screen readers.
 */
export function ExternalLink({ children, ...props }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel">) {
  return (
    <a {...props} target="_blank" rel="noopener">
      {children}
      <span className="sr-only">{newTabHint}</span>
    </a>
  );
}
