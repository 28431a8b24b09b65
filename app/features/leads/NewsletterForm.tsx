import { limits } from "#common/validation.ts";
import { site } from "#app/shared/site.ts";
import { FormField, Honeypot } from "./FormField.tsx";
import { mailingListUrl, sendLead } from "./leads.ts";
import { newsletterForm } from "./newsletter-form.ts";
import { useLeadForm } from "./use-lead-form.ts";

/** First name, last name and email (required); the answer shows in a closable box (spec §4, §8). */
export function NewsletterForm() {
  const {
    state,
    dispatch,
    field: bind,
    honeypot,
    formProps,
  } = useLeadForm(newsletterForm, (values, honeypotValue) => sendLead(mailingListUrl(site, values, honeypotValue)));
  const showBox = state.status === "success" || state.status === "warning";

  return (
    <form {...formProps} className="relative space-y-2" aria-label="Newsletter sign-up">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField label="First name" autoComplete="given-name" maxLength={limits.name} {...bind("first_name")} />
        <FormField label="Last name" autoComplete="family-name" maxLength={limits.name} {...bind("last_name")} />
      </div>
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        markRequired
        maxLength={limits.email}
        {...bind("email")}
      />
      <Honeypot inputRef={honeypot} />
      <button
        type="submit"
        className="btn-primary disabled:cursor-not-allowed disabled:bg-brand-600/50"
        disabled={!newsletterForm.canSubmit(state)}
        aria-busy={state.status === "submitted"}
      >
        Subscribe
      </button>
      {/* Always present, so the answer is announced and has its place before it arrives. */}
      <div aria-live="polite" className="min-h-20 pt-2">
        {showBox && (
          <div
            data-box={state.status}
            className={`flex items-start gap-3 rounded-xl border-l-4 p-4 text-base text-ink ${state.status === "success" ? "border-brand-600 bg-brand-50" : "border-accent-600 bg-accent-50"}`}
          >
            <p className="flex-1 whitespace-pre-line">
              <span className="sr-only">{state.status === "success" ? "Success: " : "Warning: "}</span>
              <span data-box-text>{state.box}</span>
            </p>
            <button
              type="button"
              onClick={() => dispatch({ type: "close" })}
              className="-m-1 flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-black/5 hover:text-ink"
              aria-label="Close message"
            >
              <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
        )}
      </div>
    </form>
  );
}
