import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { routeAnimation } from "./navigation.ts";

/**
 * Slides each new page in after a client-side navigation (300 ms, requirements §2) and moves focus
 * to its heading so screen readers announce it. The page the visit started on (the location
 * key seen at mount) is neither animated (that would delay LCP) nor focused.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const location = useLocation();
  const container = useRef<HTMLDivElement>(null);
  const [landingKey] = useState(location.key);
  const firstPage = location.key === landingKey;

  useEffect(() => {
    if (firstPage) return;
    const heading = container.current?.querySelector<HTMLElement>("h1");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [location.pathname, firstPage]);

  const animation = routeAnimation(location.pathname) === "slide-right" ? "animate-slide-right" : "animate-slide-left";
  return (
    <div key={location.pathname} ref={container} className={firstPage ? undefined : animation}>
      {children}
    </div>
  );
}
