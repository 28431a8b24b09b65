import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";

// The measurement code (collector, RUM, web vitals, service worker) is its own chunk, loaded
// after hydration, so it adds nothing to what the first paint waits for.
let measurementModule: Promise<typeof import("./measurement.ts")> | undefined;
const measurement = () => (measurementModule ??= import("./measurement.ts"));
// Links clicked before that chunk runs, so it can count the goals among them (a schedule-call
// click right after hydration was lost: its listener is in the chunk).
const early: string[] = [];
let started = false;

/**
 * Reports every navigation (requirements §2): the first load and each client-side route change, in an
 * effect so the new page and its title are already in the document. The route change is timed
 * from the link click, back/forward, or the router starting to load, whichever came first.
 */
export function Measurement() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const navigationStart = useRef<number | undefined>(undefined);
  const reported = useRef<string | undefined>(undefined);

  useEffect(() => {
    void measurement().then((m) => {
      started = true;
      void m.startMeasurement(early);
    });
    const markStart = () => (navigationStart.current ??= performance.now());
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link) return;
      if (!started) early.push(link.href);
      if (link.origin === location.origin && link.pathname !== location.pathname) markStart();
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
    const arrival = { pathname, title: document.title, at: Date.now() };
    const transitionMs = first ? undefined : start === undefined ? 0 : performance.now() - start;
    void measurement().then((m) => m.reportNavigation(arrival, transitionMs));
  }, [pathname]);

  return null;
}
