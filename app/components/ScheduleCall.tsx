import { trackEvent } from "../lib/analytics";
import { scheduleCallTitle, scheduleCallUrl, type ScheduleCallParams } from "../lib/schedule";
import { site } from "../lib/site";

/** Button to the external scheduling app (spec §7: source, type, ui). */
export function ScheduleCall({
  title = scheduleCallTitle,
  variant = "primary",
  ...params
}: ScheduleCallParams & { title?: string; variant?: "primary" | "accent" | "secondary" }) {
  return (
    <a
      className={`btn-${variant}`}
      href={scheduleCallUrl(site, params)}
      onClick={() => trackEvent({ category: "schedule-call", action: "click", label: params.type })}
    >
      {title}
    </a>
  );
}
