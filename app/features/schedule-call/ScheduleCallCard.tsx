import type { ReactNode } from "react";
import { ScheduleCall } from "./ScheduleCall.tsx";

/**
 * The schedule-a-call widget of a page (requirements §2: /about with type about, /demo-classic with type
 * demo_classic): a card with its heading, what the call is, what booking involves and the button.
 */
export function ScheduleCallCard({
  id,
  heading,
  type,
  children,
}: {
  id: string;
  heading: string;
  type: "about" | "demo_classic";
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-h`}
      className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm"
    >
      <div className="flex items-center gap-3 bg-brand-900 px-6 py-4 text-white">
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6 shrink-0"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" strokeLinecap="round" />
        </svg>
        <h2 id={`${id}-h`} className="text-xl font-semibold">
          {heading}
        </h2>
      </div>
      <div className="p-6">
        <div className="text-base text-muted">{children}</div>
        <ol className="mt-4 space-y-2 text-sm text-ink">
          {["Pick a day and time", "Add your name and e-mail", "Get the invitation by e-mail"].map((step, index) => (
            <li key={step} className="flex items-center gap-3">
              <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-700">
                {index + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
        <ScheduleCall type={type} className="mt-6 w-full" />
      </div>
    </section>
  );
}
