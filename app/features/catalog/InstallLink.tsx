import { trackEvent } from "#app/features/measurement/analytics.ts";
import { ExternalLink } from "#app/shared/ExternalLink.tsx";
import { site } from "#app/shared/site.ts";
import { selfServe } from "#app/features/schedule-call/schedule.ts";

export const installPromise = selfServe.promise;

/**
 * The self-serve path beside every sales path (issue #34 point 2): the marketplace listing,
 * where the app is installed without talking to anyone.
 */
export function InstallLink({
  className = "",
  where,
  look = "button",
}: {
  className?: string;
  /** Where on the site it is, for the click's event. */
  where: string;
  /** `start`: the first screen's self-serve control, framed in neutral so it ranks after the two sales paths. */
  look?: "button" | "link" | "start";
}) {
  const lookClass = {
    button: "btn-secondary",
    link: "font-semibold text-brand-700 underline underline-offset-4",
    start: "btn border border-line bg-white text-ink shadow-sm hover:border-brand-600 hover:text-brand-700",
  }[look];
  return (
    <ExternalLink
      className={`${lookClass} ${className}`.trim()}
      href={site.marketplaceUrl}
      onClick={() => trackEvent({ category: "marketplace", action: "click", label: where })}
      // The same event when the link is part of a page's static HTML (app/features/static-html), where no onClick runs.
      data-track-category="marketplace"
      data-track-label={where}
    >
      {look === "start" && (
        // A shop front: the listing is a store, not another page of ours.
        <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" focusable="false">
          <path
            d="M4 9.5V19a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1V9.5M3 9l1.6-4.2A1.2 1.2 0 0 1 5.7 4h12.6a1.2 1.2 0 0 1 1.1.8L21 9a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0ZM9.5 20v-5h5v5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      )}
      {selfServe.label}
    </ExternalLink>
  );
}
