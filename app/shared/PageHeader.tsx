import type { ReactNode } from "react";

/** The top band of an inner page: optional eyebrow, the page's h1 and an intro line. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="border-b border-line bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page py-12 sm:py-16">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 className="page-title mt-2">{title}</h1>
        {children && <div className="mt-4 max-w-3xl text-lg text-muted sm:text-xl">{children}</div>}
      </div>
    </div>
  );
}
