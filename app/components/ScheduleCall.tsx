import { trackEvent } from "../lib/analytics";
import { defaultScheduleCallType, scheduleCallTitle, scheduleCallUrl, type ScheduleCallParams } from "../lib/schedule";
import { site } from "../lib/site";

/** Button to the external scheduling app (spec §7: source, type, ui). */
export function ScheduleCall({
  title = scheduleCallTitle,
  variant = "primary",
  className = "",
  ...params
}: ScheduleCallParams & { title?: string; variant?: "primary" | "accent" | "secondary"; className?: string }) {
  return (
    <a
      className={`btn-${variant} ${className}`.trim()}
      href={scheduleCallUrl(site, params)}
      onClick={() => trackEvent({ category: "schedule-call", action: "click", label: params.type ?? defaultScheduleCallType })}
    >
      {title}
    </a>
  );
}
