import type { ReactNode } from "react";
import { mailtoHref, telHref } from "#app/shared/links.ts";
import { site } from "#app/shared/site.ts";

const steps = [
  { title: "Pick a time", text: "Choose a day and a slot that suits you." },
  { title: "Your details", text: "Your name, e-mail and what you would like to go through." },
  { title: "Confirmation", text: "An invitation with the call details arrives by e-mail." },
] as const;

/** Days of the sketched month that show free slots (a pattern, not real availability). */
const openDays = new Set([3, 4, 8, 10, 11, 15, 17, 18, 22, 24, 25]);

/**
 * What the scheduler frame shows before the visitor opens it: the three booking steps and a sketch
 * of the calendar (decoration, hidden from screen readers) under the frame's buttons, filling the
 * frame's minimum height (requirements §9) with what booking involves. When the scheduler cannot
 * load, the steps and the sketch go and their wrappers step aside (display: contents): one compact
 * box with the reason, the new tab, and e-mail and phone as the other ways on. The tree keeps its
 * shape, so the frame's status line stays the same element and its change is announced.
 */
export function SchedulerPlaceholder({ actions, unavailable = false }: { actions: ReactNode; unavailable?: boolean }) {
  return (
    <div
      className={
        unavailable ? "px-5 py-8 sm:px-10" : "flex flex-1 flex-col bg-gradient-to-b from-brand-50 to-white p-5 sm:p-8"
      }
    >
      {!unavailable && (
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
      )}
      <div
        className={
          unavailable ? "contents" : "relative mt-8 flex flex-1 flex-col rounded-xl border border-line bg-white"
        }
      >
        {!unavailable && <CalendarSketch />}
        <div className={unavailable ? "contents" : "absolute inset-0 flex items-center justify-center bg-white/55 p-4"}>
          <div
            className={
              unavailable
                ? "mx-auto flex max-w-md flex-col items-center text-center"
                : "w-full max-w-md rounded-2xl border border-line bg-white p-6 text-center shadow-lg sm:p-8"
            }
          >
            {unavailable && <CalendarIcon />}
            <h3 className="text-xl font-bold tracking-tight text-ink">Book your call</h3>
            {!unavailable && <p className="mt-2 text-base text-muted">Open the scheduler to see the free times.</p>}
            <div className={unavailable ? "mt-2" : "mt-5"}>{actions}</div>
            {unavailable && (
              <div className="mt-6 w-full border-t border-line pt-5 text-base">
                <p className="text-muted">Rather write or call?</p>
                <p className="mt-1 flex flex-wrap justify-center gap-x-5 gap-y-1 font-medium">
                  <a
                    className="break-words text-brand-700 underline underline-offset-2"
                    href={mailtoHref(site.supportEmail)}
                  >
                    {site.supportEmail}
                  </a>
                  <a
                    className="whitespace-nowrap text-brand-700 underline underline-offset-2"
                    href={telHref(site.phone)}
                  >
                    {site.phone}
                  </a>
                </p>
              </div>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

/** A calendar page, the fallback's picture (decoration). */
function CalendarIcon() {
  return (
    <span className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50" aria-hidden="true">
      <svg viewBox="0 0 24 24" className="h-6 w-6 text-brand-700" focusable="false">
        <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M3.5 10h17M8 3v4M16 3v4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </span>
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
