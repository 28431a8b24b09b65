import { scheduleCallTitle, scheduleCallUrl, type ScheduleCallParams } from "../lib/schedule";
import { site } from "../lib/site";

// Whole class names, so Tailwind sees them (a built "btn-" + variant would not be generated).
const variants = { primary: "btn-primary", accent: "btn-accent", secondary: "btn-secondary" } as const;

/** Button to the external scheduling app (spec §7: source, type, ui). */
export function ScheduleCall({
  title = scheduleCallTitle,
  variant = "primary",
  ...params
}: ScheduleCallParams & { title?: string; variant?: keyof typeof variants }) {
  return (
    <a className={variants[variant]} href={scheduleCallUrl(site, params)}>
      {title}
    </a>
  );
}
