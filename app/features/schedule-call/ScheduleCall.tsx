import { trackEvent } from "#app/features/measurement/analytics.ts";
import { callsToAction, scheduleCallUrl, type CallToAction, type ScheduleCallParams } from "./schedule.ts";
import { ExternalLink } from "#app/shared/ExternalLink.tsx";
import { site } from "#app/shared/site.ts";

/**
 * Button to the external scheduling app (requirements §7: source, type, ui), opening in a new tab. Its label is
 * the action's, from the one vocabulary (schedule.ts); only "call" takes a page's own type.
 */
export function ScheduleCall({
  action = "call",
  variant = "primary",
  className = "",
  type,
  source,
  ui,
}: Omit<ScheduleCallParams, "type"> & {
  action?: CallToAction;
  type?: "Lead" | "about" | "contact" | "demo_classic" | "solutions" | "video";
  /** One colour on every page (app.css btn-cta): "primary" and "accent" are the same solid button, "secondary" its outline. */
  variant?: "primary" | "accent" | "secondary";
  className?: string;
}) {
  const { label, type: actionType } = callsToAction[action];
  const callType = type ?? actionType;
  return (
    <ExternalLink
      className={`${variant === "secondary" ? "btn-cta-outline" : "btn-cta"} ${className}`.trim()}
      href={scheduleCallUrl(site, { source, type: callType, ui })}
      // Printed as the scheduler's short address, not the tracking query (app.css, print).
      data-print-href={site.schedulerUrl.replace(/^https?:\/\//, "")}
      onClick={() => trackEvent({ category: "schedule-call", action: "click", label: callType })}
      // The same event when the button is part of a page's static HTML (app/features/static-html), where no onClick runs.
      data-track-category="schedule-call"
      data-track-label={callType}
    >
      {label}
    </ExternalLink>
  );
}
