import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { features } from "./features.ts";

/** The tab menu of the feature pages (requirements §2); the active tab is highlighted and aria-current. */
export function FeatureTabs() {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // On narrow screens the tabs scroll sideways: bring the current one into view.
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (list.current && current)
      list.current.scrollLeft = current.offsetLeft - (list.current.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <nav aria-label="Features" className="border-b border-line bg-white">
      <ul ref={list} className="container-page relative flex gap-1 overflow-x-auto py-2 [scrollbar-width:thin]">
        {features.map((feature) => (
          <li key={feature.path} className="shrink-0">
            <NavLink
              to={feature.path}
              className={({ isActive }) =>
                `block rounded-lg px-4 py-2.5 text-base font-medium whitespace-nowrap no-underline transition-colors ${
                  isActive ? "bg-brand-600 text-white" : "text-muted hover:bg-brand-50 hover:text-brand-800"
                }`
              }
            >
              {feature.tab}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
