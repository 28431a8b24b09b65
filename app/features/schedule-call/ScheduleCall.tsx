import { trackEvent } from "#app/features/measurement/analytics.ts";
import { defaultScheduleCallType, scheduleCallTitle, scheduleCallUrl, type ScheduleCallParams } from "./schedule.ts";
import { site } from "#app/shared/site.ts";

// Whole class names, so Tailwind sees them (a built "btn-" + variant would not be generated).
const variants = { primary: "btn-primary", accent: "btn-accent", secondary: "btn-secondary" } as const;

/** Button to the external scheduling app (spec §7: source, type, ui). */
export function ScheduleCall({
  title = scheduleCallTitle,
  variant = "primary",
  className = "",
  ...params
}: ScheduleCallParams & { title?: string; variant?: keyof typeof variants; className?: string }) {
  return (
    <a
      className={`${variants[variant]} ${className}`.trim()}
      href={scheduleCallUrl(site, params)}
      onClick={() => trackEvent({ category: "schedule-call", action: "click", label: params.type ?? defaultScheduleCallType })}
    >
      {title}
    </a>
  );
}
