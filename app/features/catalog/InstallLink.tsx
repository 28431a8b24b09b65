import { trackEvent } from "#app/features/measurement/analytics.ts";
import { ExternalLink } from "#app/shared/ExternalLink.tsx";
import { site } from "#app/shared/site.ts";

/** What a buyer gets by installing, in the words the content uses (products-home.md's first answer). */
export const installPromise = "Try it in a sandbox org first; setup help is included.";

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
      Install from the marketplace
    </ExternalLink>
  );
}
