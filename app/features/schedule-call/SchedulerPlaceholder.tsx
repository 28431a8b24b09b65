import type { ReactNode } from "react";

const steps = [
  { title: "Pick a time", text: "Choose a day and a slot that suits you." },
  { title: "Your details", text: "Your name, e-mail and what you would like to go through." },
  { title: "Confirmation", text: "An invitation with the call details arrives by e-mail." },
] as const;

/** Days of the sketched month that show free slots (a pattern, not real availability). */
const openDays = new Set([3, 4, 8, 10, 11, 15, 17, 18, 22, 24, 25]);

/**
 * What the scheduler frame shows before the visitor opens it, or when it cannot load: the three
 * booking steps and a sketch of the calendar (decoration, hidden from screen readers) under the
 * frame's buttons. Fills the frame's minimum height (requirements §9) with what booking involves.
 */
export function SchedulerPlaceholder({ actions }: { actions: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col bg-gradient-to-b from-brand-50 to-white p-5 sm:p-8">
      <ol className="grid gap-5 sm:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold text-ink">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-0.5 text-sm text-muted">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="relative mt-8 flex flex-1 flex-col rounded-xl border border-line bg-white">
        <CalendarSketch />
        <div className="absolute inset-0 flex items-center justify-center bg-white/55 p-4">
          <div className="w-full max-w-md rounded-2xl border border-line bg-white p-6 text-center shadow-lg sm:p-8">
            <h3 className="text-xl font-bold tracking-tight text-ink">Book your call</h3>
            <p className="mt-2 mb-5 text-base text-muted">Open the scheduler to see the free times.</p>
            {actions}
          </div>
        </div>
      </div>
    </div>
  );
}

function CalendarSketch() {
  return (
    <div aria-hidden="true" className="flex flex-1 gap-6 p-4 sm:p-6">
      <div className="flex flex-1 flex-col justify-center">
        <div className="mb-4 flex items-center justify-between">
          <span className="h-3 w-28 rounded-full bg-line" />
          <span className="flex gap-2">
            <span className="h-6 w-6 rounded-full border border-line" />
            <span className="h-6 w-6 rounded-full border border-line" />
          </span>
        </div>
        <div className="grid auto-rows-[2.75rem] grid-cols-7 gap-1.5 sm:auto-rows-[4.5rem] sm:gap-2">
          {Array.from({ length: 35 }, (_, day) => (
            <span
              key={day}
              className={`rounded-lg ${openDays.has(day) ? "bg-brand-100" : "bg-surface"} ${day === 10 ? "ring-2 ring-brand-600" : ""}`}
            />
          ))}
        </div>
      </div>
      <div className="hidden w-40 flex-col justify-center gap-2 md:flex">
        <span className="mb-2 h-3 w-24 rounded-full bg-line" />
        {["9:00", "9:30", "10:30", "11:00", "13:00", "14:30", "15:00", "16:00"].map((time) => (
          <span
            key={time}
            className="rounded-lg border border-brand-100 px-3 py-2 text-center text-sm font-medium text-brand-700/60"
          >
            {time}
          </span>
        ))}
      </div>
    </div>
  );
}
