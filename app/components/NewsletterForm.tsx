import { useEffect, useReducer, useRef, type FormEvent } from "react";
import { limits } from "../../common/validation";
import { mailingListUrl, rememberEmail, rememberedEmail, sendLead } from "../lib/leads";
import {
  canSubmitNewsletter,
  initialNewsletterForm,
  newsletterFormReducer,
  visibleNewsletterError,
  type NewsletterField,
} from "../lib/newsletter-form";
import { site } from "../lib/site";
import { FormField, Honeypot, useValuesTypedBeforeHydration } from "./FormField";

const newsletterFields: readonly NewsletterField[] = ["first_name", "last_name", "email"];

/** First name, last name and email (required); the answer shows in a closable box (spec §4, §8). */
export function NewsletterForm() {
  const [state, dispatch] = useReducer(newsletterFormReducer, initialNewsletterForm);
  const honeypot = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useValuesTypedBeforeHydration(form, newsletterFields, (field, value) => dispatch({ type: "change", field, value }));
  useEffect(() => dispatch({ type: "prefill", email: rememberedEmail() }), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    dispatch({ type: "submit" });
    if (!canSubmitNewsletter(state)) return;
    rememberEmail(state.values.email);
    dispatch({ type: "answered", answer: await sendLead(mailingListUrl(site, state.values, honeypot.current?.value)) });
  }

  const bind = (field: NewsletterField) => ({
    name: field,
    value: state.values[field],
    error: visibleNewsletterError(state, field),
    onChange: (event: { target: { value: string } }) => dispatch({ type: "change", field, value: event.target.value }),
    onBlur: () => dispatch({ type: "blur", field }),
  });
  const showBox = state.status === "success" || state.status === "warning";

  return (
    <form ref={form} noValidate onSubmit={submit} className="relative space-y-2" aria-label="Newsletter sign-up">
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
        disabled={!canSubmitNewsletter(state)}
        aria-busy={state.status === "submitted"}
      >
        Subscribe
      </button>
      {/* Always present, so the answer is announced and has its place before it arrives. */}
      <div aria-live="polite" className="min-h-20 pt-2">
        {showBox && (
          <div
            data-box={state.status}
            className={`flex items-start gap-3 rounded-xl border-l-4 p-4 text-base text-ink ${state.status === "success" ? "border-brand-600 bg-brand-50" : "border-accent-600 bg-[#fff4ed]"}`}
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
