import type { ReactNode } from "react";

/** The top band of an inner page: optional eyebrow, the page's h1 and an intro line (its look per part of the site: app.css .page-band). */
export function PageHeader({
  eyebrow,
  title,
  compact = false,
  children,
}: {
  eyebrow?: string;
  title: string;
  /** Less room above and below: what follows the band belongs in the first screen (/products' prices). */
  compact?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="page-band">
      <div className={`container-page ${compact ? "py-8" : "py-12 sm:py-16"}`}>
        {eyebrow && <p className="page-band-eyebrow">{eyebrow}</p>}
        <h1 className="page-band-title">{title}</h1>
        {children && <div className="page-band-intro">{children}</div>}
      </div>
    </div>
  );
}
