/**
 * The contact form's state machine (requirements §4): editing → sending → sent, or back to editing
 * on an error or a transport failure. Submit is possible only while editing and valid; while
 * it is not, a hint beside the button says what is missing. Errors show for a field once it
 * was left (blur) or a submit was tried (requirements §5). After success the form shows the server's
 * message in place, besides the toast (requirements §8).
 */
import { contactFormSchema, type ContactFormValues } from "#common/validation.ts";
import type { ToastType } from "#app/features/shell/toasts.ts";
import {
  formValidation,
  reduceField,
  touchAll,
  type FormFields,
  type LeadForm,
  type LeadFormEvent,
} from "./lead-form.ts";
import type { LeadAnswer } from "./leads.ts";

export type ContactField = keyof ContactFormValues;

export interface ContactFormState extends FormFields<ContactField> {
  status: "editing" | "sending" | "sent";
  /** The server's message after success, shown in place. */
  message?: string;
  /** Why the last send failed (the toast's text), shown beside the form until the next submit. */
  failure?: string;
  /** While sending: the server asked for the proof-of-work check and the browser is doing it. */
  checking?: boolean;
}

export const initialContactForm: ContactFormState = {
  status: "editing",
  values: { name: "", email: "", question: "" },
  touched: {},
  edited: {},
};

const { errors, isValid, visibleError } = formValidation<ContactField>(contactFormSchema);
const fieldOrder: ContactField[] = ["name", "email", "question"];

export function contactFormReducer(state: ContactFormState, event: LeadFormEvent<ContactField>): ContactFormState {
  switch (event.type) {
    case "submit": {
      if (state.status !== "editing") return state;
      const tried = touchAll(state);
      return isValid(state) ? { ...tried, status: "sending", failure: undefined, checking: false } : tried;
    }
    case "answered":
      if (state.status !== "sending") return state;
      return event.answer.kind === "success"
        ? // The question is gone with the send (the name and address stay for the confirmation).
          {
            ...state,
            status: "sent",
            message: event.answer.message,
            checking: false,
            values: { ...state.values, question: "" },
            touched: {},
            edited: {},
          }
        : { ...state, status: "editing", failure: contactToast(event.answer).text, checking: false };
    case "checking":
      // Only when its network sent many questions this hour (server/leads/challenge.ts).
      return state.status === "sending" ? { ...state, checking: true } : state;
    default:
      return reduceField(state, event);
  }
}

/** Requirements §4: the button is disabled while invalid, while sending, and for good after success. */
export const canSubmitContact = (state: ContactFormState) => state.status === "editing" && isValid(state);

/** The message a field shows now: only after it was left or a submit was tried. */
export const visibleContactError = visibleError;

const words: Record<ContactField, { missing: string; invalid: string }> = {
  name: { missing: "name", invalid: "name" },
  email: { missing: "email", invalid: "email address" },
  question: { missing: "question", invalid: "question" },
};
const and = (parts: string[]) => parts.join(" and ");

/**
 * Why the button is disabled while editing, in a few words beside it ("Add your email and
 * question to send"): what is missing, then what needs a look. "Sending…" while sending;
 * nothing when the form can be sent or was sent (the confirmation says that).
 */
export function contactHint(state: ContactFormState): string | undefined {
  if (state.status === "sending") return state.checking ? "Checking your browser…" : "Sending…";
  if (state.status === "sent") return undefined;
  const invalid = errors(state);
  const fields = fieldOrder.filter((field) => invalid[field]);
  if (fields.length === 0) return undefined;
  const missing = fields.filter((field) => state.values[field].trim() === "").map((field) => words[field].missing);
  const check = fields.filter((field) => state.values[field].trim() !== "").map((field) => words[field].invalid);
  const todo = [
    missing.length ? `add your ${and(missing)}` : "",
    check.length ? `check your ${and(check)}` : "",
  ].filter(Boolean);
  const sentence = `${and(todo)} to send`;
  return sentence[0].toUpperCase() + sentence.slice(1);
}

export const contactForm: LeadForm<ContactField, ContactFormState> = {
  initial: initialContactForm,
  reducer: contactFormReducer,
  canSubmit: canSubmitContact,
  submitDisabled: (state) => !canSubmitContact(state),
  visibleError: visibleContactError,
  invalidFields: (state) => fieldOrder.filter((field) => errors(state)[field]),
  // Requirements §7 calls the question "details" on the wire.
  wireNames: { question: "details" },
};

export const contactTransportFailure = "Could not submit - please try again later";

/** Requirements §8: the toast for each answer. */
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
