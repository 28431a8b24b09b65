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
  look?: "button" | "link";
}) {
  const lookClass = look === "button" ? "btn-secondary" : "font-semibold text-brand-700 underline underline-offset-4";
  return (
    <ExternalLink
      className={`${lookClass} ${className}`.trim()}
      href={site.marketplaceUrl}
      onClick={() => trackEvent({ category: "marketplace", action: "click", label: where })}
    >
      {selfServe.label}
    </ExternalLink>
  );
}
