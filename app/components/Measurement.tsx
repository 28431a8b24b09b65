import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { reportNavigation, startMeasurement } from "../lib/measurement";

/**
 * Reports every navigation (spec §2): the first load and each client-side route change, in an
 * effect so the new page and its title are already in the document. The route change is timed
 * from the link click, back/forward, or the router starting to load, whichever came first.
 */
export function Measurement() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const navigationStart = useRef<number | undefined>(undefined);
  const reported = useRef<string | undefined>(undefined);

  useEffect(() => {
    startMeasurement();
    const markStart = () => (navigationStart.current ??= performance.now());
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (link && link.origin === location.origin && link.pathname !== location.pathname) markStart();
    };
    document.addEventListener("click", onClick, true);
    window.addEventListener("popstate", markStart);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", markStart);
    };
  }, []);

  useEffect(() => {
    if (navigation.state !== "idle") navigationStart.current ??= performance.now();
  }, [navigation.state]);

  useEffect(() => {
    const first = reported.current === undefined;
    if (reported.current === pathname) return;
    reported.current = pathname;
    const start = navigationStart.current;
    navigationStart.current = undefined;
    reportNavigation(pathname, first ? undefined : start === undefined ? 0 : performance.now() - start);
  }, [pathname]);

  return null;
}
