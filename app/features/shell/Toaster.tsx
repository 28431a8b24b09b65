import { useEffect, useState, type ComponentType } from "react";

/**
 * The site's toasts, fixed at the bottom so they never move the page. The live region is always
 * in the document, so screen readers announce each toast as it is added; what fills it loads once
 * the app runs (before that there is nothing to show). Loaded from an effect rather than with
 * lazy() and Suspense: a suspended boundary makes React hold its next commits on a 300 ms
 * reveal timer, which delayed the hydration of the rest of the page behind it.
 */
export function Toaster() {
  const [ToastList, setToastList] = useState<ComponentType | null>(null);
  useEffect(() => {
    let current = true;
    void import("./ToastList.tsx").then((module) => current && setToastList(() => module.default));
    return () => {
      current = false;
    };
  }, []);
  return (
    <div aria-live="polite" aria-label="Notifications" role="region" className="toast-region">
      {ToastList && <ToastList />}
    </div>
  );
}
