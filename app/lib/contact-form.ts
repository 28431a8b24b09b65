/**
 * The contact form's state machine (spec §4): editing → sending → sent, or back to editing
 * on an error or a transport failure. Submit is possible only while editing and valid.
 * Errors show for a field once it was left (blur) or a submit was tried (spec §5).
 */
import { contactFormSchema, fieldErrors, type ContactFormValues } from "../../common/validation";
import type { LeadAnswer } from "./leads";
import type { ToastType } from "./toasts";

export type ContactField = keyof ContactFormValues;
export type ContactStatus = "editing" | "sending" | "sent";

export interface ContactFormState {
  status: ContactStatus;
  values: ContactFormValues;
  touched: Partial<Record<ContactField, boolean>>;
}

export type ContactFormEvent =
  | { type: "change"; field: ContactField; value: string }
  | { type: "blur"; field: ContactField }
  /** The remembered address arrives after hydration; it never overwrites typing. */
  | { type: "prefill"; email: string }
  | { type: "submit" }
  | { type: "answered"; answer: LeadAnswer };

export const initialContactForm: ContactFormState = { status: "editing", values: { name: "", email: "", question: "" }, touched: {} };

export function contactFormReducer(state: ContactFormState, event: ContactFormEvent): ContactFormState {
  switch (event.type) {
    case "change":
      return { ...state, values: { ...state.values, [event.field]: event.value } };
    case "blur":
      return state.touched[event.field] ? state : { ...state, touched: { ...state.touched, [event.field]: true } };
    case "prefill":
      return state.values.email || !event.email ? state : { ...state, values: { ...state.values, email: event.email } };
    case "submit": {
      if (state.status !== "editing") return state;
      const touched = { name: true, email: true, question: true };
      return isValid(state) ? { ...state, touched, status: "sending" } : { ...state, touched };
    }
    case "answered":
      if (state.status !== "sending") return state;
      return { ...state, status: event.answer.kind === "success" ? "sent" : "editing" };
  }
}

export const contactErrors = (state: ContactFormState) => fieldErrors(contactFormSchema, state.values) as Partial<Record<ContactField, string>>;
const isValid = (state: ContactFormState) => Object.keys(contactErrors(state)).length === 0;

/** Spec §4: the button is disabled while invalid, while sending, and for good after success. */
export const canSubmitContact = (state: ContactFormState) => state.status === "editing" && isValid(state);

/** The message a field shows now: only after it was left or a submit was tried. */
export const visibleContactError = (state: ContactFormState, field: ContactField) => (state.touched[field] ? contactErrors(state)[field] : undefined);

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
