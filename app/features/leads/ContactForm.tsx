import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { ScheduleCall } from "#app/features/schedule-call/ScheduleCall.tsx";
import { limits } from "#common/validation.ts";
import { site } from "#app/shared/site.ts";
import { contactForm, contactHint, contactToast, type ContactField } from "./contact-form.ts";
import { EmailField, FormField, Honeypot, RequiredLegend, submitButtonClass } from "./FormField.tsx";
import { contactFields, contactUrl, sendLead } from "./leads.ts";
import { useLeadForm } from "./use-lead-form.ts";

export interface ContactFormProps {
  /** Defaults to the company's contact subject (requirements §9). */
  subject?: string;
  type?: string;
  buttonLabel?: string;
  /** Defaults to the company site's host (requirements §9). */
  domain?: string;
  /** The small form, e.g. in the video's end panel: on a light card of its own, so it reads on any background. */
  compact?: boolean;
}

/**
 * Name (optional), email and question; answers arrive as toasts (requirements §3, §4, §8). While the
 * button is disabled a hint beside it says why; after success a confirmation shows in place.
 */
export function ContactForm({
  subject,
  type = "Lead",
  buttonLabel = "Submit",
  domain,
  compact = false,
}: ContactFormProps) {
  const { state, field, honeypot, submitDisabled, formProps } = useLeadForm(
    contactForm,
    (values, honeypotValue, onChecking) =>
      sendLead(contactUrl(site, values, { subject, type, domain }, honeypotValue), undefined, onChecking),
    (answer) => {
      const toast = contactToast(answer);
      // The toaster arrives with the toasts after the app has started (shell/Toaster.tsx), off the first load.
      void import("#app/features/shell/toasts.ts").then(({ toaster }) => toaster.show(toast.type, toast.text));
    },
  );
  const bind = (name: ContactField) => ({ ...field(name), compact });
  const hintId = useId();
  const hint = contactHint(state);
  const sent = state.status === "sent";
  // The confirmation, or the next steps below it: the end of what opens on success.
  const sentEnd = useRef<HTMLDivElement>(null);
  const failed = useRef<HTMLDivElement>(null);
  // What opens below the button, often at the screen's bottom edge, where the toast sits on phones,
  // scrolls into view with room left below it for the toast, so the toast covers no form (shell/ToastList.tsx).
  // So does the failure, which names the other ways to reach the company.
  useEffect(() => {
    if (sent) sentEnd.current?.scrollIntoView({ block: "nearest" });
  }, [sent]);
  useEffect(() => {
    if (state.failure) failed.current?.scrollIntoView({ block: "nearest" });
  }, [state.failure]);

  return (
    <form
      {...formProps}
      action={`${site.serverBase}/contactUs`}
      className={`relative ${compact ? "space-y-1 rounded-xl bg-white p-3 text-ink shadow-sm" : "space-y-2"}`}
      aria-label="Contact form"
    >
      <RequiredLegend />
      <div className={compact ? "grid gap-x-3 sm:grid-cols-2" : "grid gap-x-4 sm:grid-cols-2"}>
        <FormField label="Name" autoComplete="name" maxLength={limits.name} {...bind("name")} />
        <EmailField maxLength={limits.email} {...bind("email")} />
      </div>
      <FormField
        label="How can we help?"
        multiline
        required
        markRequired
        rows={compact ? 2 : 5}
        maxLength={limits.details}
        {...bind("question")}
      />
      <Honeypot inputRef={honeypot} />
      {/* What the script adds to its GET, posted as fields when the form is sent without it (requirements §7). */}
      {Object.entries(contactFields(site, { subject, type, domain })).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="submit"
          className={`${submitButtonClass} ${compact ? "min-h-10 px-4 py-2" : ""}`}
          disabled={submitDisabled}
          aria-busy={state.status === "sending"}
          aria-describedby={hint || sent ? hintId : undefined}
        >
          {buttonLabel}
        </button>
        {hint && (
          <p id={hintId} data-submit-hint className="text-sm text-muted">
            {hint}
          </p>
        )}
      </div>
      {sent && (
        <div
          id={hintId}
          ref={compact ? sentEnd : undefined}
          data-sent
          className={`flex scroll-mb-40 items-start gap-3 rounded-xl border-l-4 border-brand-600 bg-brand-50 text-ink ${compact ? "p-3 text-sm" : "mt-4 p-4 text-base"}`}
        >
          <svg
            viewBox="0 0 24 24"
            className="mt-0.5 h-5 w-5 shrink-0 text-brand-700"
            aria-hidden="true"
            focusable="false"
          >
            <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
            <path
              d="M8 12.3l2.7 2.7L16.2 9.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <p>
            <strong className="block font-semibold">Your question was sent.</strong>
            We will write back to <span className="font-medium break-all">{state.values.email}</span>.
          </p>
        </div>
      )}
      {sent && !compact && (
        // The next step while the answer is on its way: a call now, or the prices.
        <div ref={sentEnd} data-next-steps className="flex scroll-mb-44 flex-wrap items-center gap-3 pt-1">
          <p className="w-full text-sm text-muted sm:w-auto">Rather talk now, or see what it costs?</p>
          <ScheduleCall variant="secondary" type="contact" className="min-h-10 px-4 py-2 text-sm" />
          <Link
            to="/products"
            className="inline-flex min-h-10 items-center font-semibold text-brand-700 underline underline-offset-4"
          >
            See prices
          </Link>
        </div>
      )}
      {state.failure && (
        <div
          ref={failed}
          role="alert"
          data-failed
          className={`scroll-mb-40 rounded-xl border-l-4 border-danger-600 bg-danger-50 text-ink ${compact ? "p-3 text-sm" : "mt-4 p-4 text-base"}`}
        >
          <p>
            <strong className="block font-semibold">Your question was not sent.</strong>
            {state.failure}
          </p>
          <p className="mt-1">
            You can also write to{" "}
            <a className="font-medium whitespace-nowrap text-brand-700 underline" href={`mailto:${site.salesEmail}`}>
              {site.salesEmail}
            </a>{" "}
            or call{" "}
            <a
              className="font-medium whitespace-nowrap text-brand-700 underline"
              href={`tel:${site.phone.replace(/[^+0-9]/g, "")}`}
            >
              {site.phone}
            </a>
            .
          </p>
        </div>
      )}
    </form>
  );
}
