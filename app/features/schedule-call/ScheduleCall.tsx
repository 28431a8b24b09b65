import { trackEvent } from "#app/features/measurement/analytics.ts";
import { defaultScheduleCallType, scheduleCallTitle, scheduleCallUrl, type ScheduleCallParams } from "./schedule.ts";
import { ExternalLink } from "#app/shared/ExternalLink.tsx";
import { site } from "#app/shared/site.ts";

/**
 * The call to action has one colour on every page (app.css btn-cta): "primary" and "accent" are
 * the same solid button (both names kept for the pages that pass them), "secondary" its outline.
 * Whole class names, so Tailwind sees them.
 */
const variants = { primary: "btn-cta", accent: "btn-cta", secondary: "btn-cta-outline" } as const;

/** Button to the external scheduling app (spec §7: source, type, ui), opening in a new tab. */
export function ScheduleCall({
  title = scheduleCallTitle,
  variant = "primary",
  className = "",
  ...params
}: ScheduleCallParams & { title?: string; variant?: keyof typeof variants; className?: string }) {
  return (
    <ExternalLink
      className={`${variants[variant]} ${className}`.trim()}
      href={scheduleCallUrl(site, params)}
      onClick={() => trackEvent({ category: "schedule-call", action: "click", label: params.type ?? defaultScheduleCallType })}
    >
      {title}
    </ExternalLink>
  );
}
