/**
 * The newsletter form's state machine (spec §4, §8): idle → submitted (pending) → success
 * box, or warning box after which submit is enabled again; closing the box returns to idle.
 */
import { fieldErrors, newsletterFormSchema, type NewsletterFormValues } from "../../common/validation";
import type { LeadAnswer } from "./leads";

export type NewsletterField = keyof NewsletterFormValues;
export type NewsletterStatus = "idle" | "submitted" | "success" | "warning";

export interface NewsletterFormState {
  status: NewsletterStatus;
  values: NewsletterFormValues;
  touched: Partial<Record<NewsletterField, boolean>>;
  /** The confirmation box's text, shown in the success and warning states. */
  box: string;
}

export type NewsletterFormEvent =
  | { type: "change"; field: NewsletterField; value: string }
  | { type: "blur"; field: NewsletterField }
  | { type: "prefill"; email: string }
  | { type: "submit" }
  | { type: "answered"; answer: LeadAnswer }
  | { type: "close" };

export const initialNewsletterForm: NewsletterFormState = {
  status: "idle",
  values: { email: "", first_name: "", last_name: "" },
  touched: {},
  box: "",
};

export const newsletterTransportFailure = "Could not subscribe";

export function newsletterFormReducer(state: NewsletterFormState, event: NewsletterFormEvent): NewsletterFormState {
  switch (event.type) {
    case "change":
      return { ...state, values: { ...state.values, [event.field]: event.value } };
    case "blur":
      return state.touched[event.field] ? state : { ...state, touched: { ...state.touched, [event.field]: true } };
    case "prefill":
      return state.values.email || !event.email ? state : { ...state, values: { ...state.values, email: event.email } };
    case "submit": {
      if (state.status !== "idle" && state.status !== "warning") return state;
      const touched = { email: true, first_name: true, last_name: true };
      return isValid(state) ? { ...state, touched, status: "submitted", box: "" } : { ...state, touched };
    }
    case "answered": {
      if (state.status !== "submitted") return state;
      const { answer } = event;
      if (answer.kind === "success") return { ...state, status: "success", box: answer.message };
      const box = answer.kind === "error" ? (answer.message ? `${answer.error}\n${answer.message}` : answer.error) : newsletterTransportFailure;
      return { ...state, status: "warning", box };
    }
    case "close":
      return state.status === "success" || state.status === "warning" ? { ...state, status: "idle", box: "" } : state;
  }
}

export const newsletterErrors = (state: NewsletterFormState) =>
  fieldErrors(newsletterFormSchema, state.values) as Partial<Record<NewsletterField, string>>;
const isValid = (state: NewsletterFormState) => Object.keys(newsletterErrors(state)).length === 0;

export const canSubmitNewsletter = (state: NewsletterFormState) => (state.status === "idle" || state.status === "warning") && isValid(state);

export const visibleNewsletterError = (state: NewsletterFormState, field: NewsletterField) =>
  state.touched[field] ? newsletterErrors(state)[field] : undefined;
