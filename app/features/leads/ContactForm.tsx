import { limits } from "#common/validation.ts";
import { toaster } from "#app/features/shell/toasts.ts";
import { site } from "#app/shared/site.ts";
import { contactForm, contactToast, type ContactField } from "./contact-form.ts";
import { FormField, Honeypot } from "./FormField.tsx";
import { contactUrl, sendLead } from "./leads.ts";
import { useLeadForm } from "./use-lead-form.ts";

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

/** Name (optional), email and question; answers arrive as toasts (spec §3, §4, §8). */
export function ContactForm({ subject, type = "Lead", buttonLabel = "Submit", domain, compact = false }: ContactFormProps) {
  const { state, field, honeypot, formProps } = useLeadForm(
    contactForm,
    (values, honeypotValue) => sendLead(contactUrl(site, values, { subject, type, domain }, honeypotValue)),
    (answer) => {
      const toast = contactToast(answer);
      toaster.show(toast.type, toast.text);
    },
  );
  const bind = (name: ContactField) => ({ ...field(name), compact });

  return (
    <form {...formProps} className={`relative ${compact ? "space-y-1" : "space-y-2"}`} aria-label="Contact form">
      <div className={compact ? "grid gap-x-3 sm:grid-cols-2" : "grid gap-x-4 sm:grid-cols-2"}>
        <FormField label="Name" autoComplete="name" maxLength={limits.name} {...bind("name")} />
        <FormField label="Email" type="email" autoComplete="email" inputMode="email" required maxLength={limits.email} {...bind("email")} />
      </div>
      <FormField label="How can we help?" multiline required rows={compact ? 2 : 5} maxLength={limits.details} {...bind("question")} />
      <Honeypot inputRef={honeypot} />
      <button
        type="submit"
        className={`${compact ? "btn-primary min-h-10 px-4 py-2" : "btn-primary"} disabled:cursor-not-allowed disabled:bg-brand-600/50`}
        disabled={!contactForm.canSubmit(state)}
        aria-busy={state.status === "sending"}
      >
        {buttonLabel}
      </button>
    </form>
  );
}
