/**
 * The contact form's state machine (spec §4): editing → sending → sent, or back to editing
 * on an error or a transport failure. Submit is possible only while editing and valid.
 * Errors show for a field once it was left (blur) or a submit was tried (spec §5).
 */
import { contactFormSchema, type ContactFormValues } from "#common/validation.ts";
import type { ToastType } from "#app/features/shell/toasts.ts";
import { formValidation, reduceField, touchAll, type FormFields, type LeadForm, type LeadFormEvent } from "./lead-form.ts";
import type { LeadAnswer } from "./leads.ts";

export type ContactField = keyof ContactFormValues;

export interface ContactFormState extends FormFields<ContactField> {
  status: "editing" | "sending" | "sent";
}

export const initialContactForm: ContactFormState = { status: "editing", values: { name: "", email: "", question: "" }, touched: {} };

const { isValid, visibleError } = formValidation<ContactField>(contactFormSchema);

export function contactFormReducer(state: ContactFormState, event: LeadFormEvent<ContactField>): ContactFormState {
  switch (event.type) {
    case "submit": {
      if (state.status !== "editing") return state;
      const tried = touchAll(state);
      return isValid(state) ? { ...tried, status: "sending" } : tried;
    }
    case "answered":
      if (state.status !== "sending") return state;
      return { ...state, status: event.answer.kind === "success" ? "sent" : "editing" };
    default:
      return reduceField(state, event);
  }
}

/** Spec §4: the button is disabled while invalid, while sending, and for good after success. */
export const canSubmitContact = (state: ContactFormState) => state.status === "editing" && isValid(state);

/** The message a field shows now: only after it was left or a submit was tried. */
export const visibleContactError = visibleError;

export const contactForm: LeadForm<ContactField, ContactFormState> = {
  initial: initialContactForm,
  reducer: contactFormReducer,
  canSubmit: canSubmitContact,
  visibleError: visibleContactError,
};

export const contactTransportFailure = "Could not submit - please try again later";

/** Spec §8: the toast for each answer. */
export function contactToast(answer: LeadAnswer): { type: ToastType; text: string } {
  switch (answer.kind) {
    case "success":
      return { type: "success", text: answer.message };
    case "error":
      return { type: "warn", text: answer.error };
    case "transport-failure":
      return { type: "warn", text: contactTransportFailure };
  }
}
