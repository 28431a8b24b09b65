import { lazy, Suspense } from "react";
import { useHydrated } from "#app/features/hydration/use-hydrated.ts";

const ToastList = lazy(() => import("./ToastList.tsx"));

/**
 * The site's toasts, fixed at the bottom so they never move the page. The live region is always
 * in the document, so screen readers announce each toast as it is added; what fills it loads once
 * the app runs (before that there is nothing to show).
 */
export function Toaster() {
  const hydrated = useHydrated();
  return (
    <div
      aria-live="polite"
      aria-label="Notifications"
      role="region"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center p-4 sm:items-end"
    >
      {hydrated && (
        <Suspense>
          <ToastList />
        </Suspense>
      )}
    </div>
  );
}
