import { useEffect, useReducer, useRef, type FormEvent } from "react";
import { limits } from "../../common/validation";
import { canSubmitContact, contactFormReducer, contactToast, initialContactForm, visibleContactError, type ContactField } from "../lib/contact-form";
import { contactUrl, rememberEmail, rememberedEmail, sendLead } from "../lib/leads";
import { site } from "../lib/site";
import { toaster } from "../lib/toasts";
import { FormField, Honeypot, useValuesTypedBeforeHydration } from "./FormField";

export interface ContactFormProps {
  /** Defaults to the company's contact subject (spec §9). */
  subject?: string;
  type?: string;
  buttonLabel?: string;
  /** Defaults to the company site's host (spec §9). */
  domain?: string;
  /** The small form, e.g. in the video's end panel. */
  compact?: boolean;
}

const contactFields: readonly ContactField[] = ["name", "email", "question"];

/** Name (optional), email and question; answers arrive as toasts (spec §3, §4, §8). */
export function ContactForm({ subject, type = "Lead", buttonLabel = "Submit", domain, compact = false }: ContactFormProps) {
  const [state, dispatch] = useReducer(contactFormReducer, initialContactForm);
  const honeypot = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useValuesTypedBeforeHydration(form, contactFields, (field, value) => dispatch({ type: "change", field, value }));
  useEffect(() => dispatch({ type: "prefill", email: rememberedEmail() }), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    dispatch({ type: "submit" });
    if (!canSubmitContact(state)) return;
    rememberEmail(state.values.email);
    const answer = await sendLead(contactUrl(site, state.values, { subject, type, domain }, honeypot.current?.value));
    dispatch({ type: "answered", answer });
    const toast = contactToast(answer);
    toaster.show(toast.type, toast.text);
  }

  const bind = (field: ContactField) => ({
    name: field,
    value: state.values[field],
    error: visibleContactError(state, field),
    compact,
    onChange: (event: { target: { value: string } }) => dispatch({ type: "change", field, value: event.target.value }),
    onBlur: () => dispatch({ type: "blur", field }),
  });

  return (
    <form ref={form} noValidate onSubmit={submit} className={`relative ${compact ? "space-y-1" : "space-y-2"}`} aria-label="Contact form">
      <div className={compact ? "grid gap-x-3 sm:grid-cols-2" : "grid gap-x-4 sm:grid-cols-2"}>
        <FormField label="Name" autoComplete="name" maxLength={limits.name} {...bind("name")} />
        <FormField label="Email" type="email" autoComplete="email" inputMode="email" required maxLength={limits.email} {...bind("email")} />
      </div>
      <FormField label="How can we help?" multiline required rows={compact ? 2 : 5} maxLength={limits.details} {...bind("question")} />
      <Honeypot inputRef={honeypot} />
      <button
        type="submit"
        className={`${compact ? "btn-primary min-h-10 px-4 py-2" : "btn-primary"} disabled:cursor-not-allowed disabled:bg-brand-600/50`}
        disabled={!canSubmitContact(state)}
        aria-busy={state.status === "sending"}
      >
        {buttonLabel}
      </button>
    </form>
  );
}
