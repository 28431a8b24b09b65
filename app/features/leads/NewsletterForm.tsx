import { Link } from "react-router";
import { limits } from "#common/validation.ts";
import { site } from "#app/shared/site.ts";
import { CloseButton } from "#app/shared/CloseButton.tsx";
import { EmailField, FormField, Honeypot, RequiredLegend, submitButtonClass } from "./FormField.tsx";
import { mailingListFields, mailingListUrl, sendLead } from "./leads.ts";
import { newsletterForm } from "./newsletter-form.ts";
import { useLeadForm } from "./use-lead-form.ts";

const boxLook = {
  submitted: "border-line bg-white text-muted",
  checking: "border-line bg-white text-muted",
  success: "border-brand-600 bg-brand-50 text-ink",
  warning: "border-danger-600 bg-danger-50 text-ink",
} as const;

/**
 * First name, last name and email (required); the answer shows in a closable box (requirements §4, §8).
 * The button is enabled at rest: a submit with an invalid email shows the message and focuses it.
 */
export function NewsletterForm() {
  const {
    state,
    dispatch,
    field: bind,
    honeypot,
    submitDisabled,
    formProps,
  } = useLeadForm(newsletterForm, (values, honeypotValue, onChecking) =>
    sendLead(mailingListUrl(site, values, honeypotValue), undefined, onChecking),
  );
  const pending = state.status === "submitted" || state.status === "checking";

  return (
    <form {...formProps} action={`${site.serverBase}/mailingList`} className="relative" aria-label="Newsletter sign-up">
      <div className="space-y-2">
        <RequiredLegend />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <FormField label="First name" autoComplete="given-name" maxLength={limits.name} {...bind("first_name")} />
          <FormField label="Last name" autoComplete="family-name" maxLength={limits.name} {...bind("last_name")} />
        </div>
        <EmailField maxLength={limits.email} {...bind("email")} />
        <Honeypot inputRef={honeypot} />
        {/* What the script adds to its GET, posted as fields when the form is sent without it (requirements §7). */}
        {Object.entries(mailingListFields(site)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={submitButtonClass} disabled={submitDisabled} aria-busy={pending}>
          Subscribe
        </button>
      </div>
      {/* Always present (and empty, taking no room) so the answer is announced when it arrives. The box
          opens at once on the visitor's submit ("Subscribing…"), within the moment after an input that
          layout-shift metrics leave out; the answer then only changes its text. */}
      <div aria-live="polite">
        {state.status !== "idle" && (
          <div
            data-box={state.status}
            className={`mt-4 flex items-start gap-3 rounded-xl border-l-4 p-4 text-base ${boxLook[state.status]}`}
          >
            <p className="flex-1 whitespace-pre-line">
              {state.status === "submitted" ? (
                "Subscribing…"
              ) : state.status === "checking" ? (
                // Only while sign-ups flood in: the browser solves the server's challenge (a second or two).
                "Checking your browser…"
              ) : (
                <>
                  <span className="sr-only">{state.status === "success" ? "Success: " : "Warning: "}</span>
                  <span data-box-text>{state.box}</span>
                  {/* A next step while the confirmation mail is on its way (issue #43). */}
                  {state.status === "success" && (
                    <span className="mt-2 block">
                      Meanwhile,{" "}
                      <Link className="font-semibold text-brand-700 underline underline-offset-2" to="/demo">
                        watch the recorded demos
                      </Link>
                      .
                    </span>
                  )}
                </>
              )}
            </p>
            {!pending && <CloseButton label="Close message" onClick={() => dispatch({ type: "close" })} />}
          </div>
        )}
      </div>
    </form>
  );
}
