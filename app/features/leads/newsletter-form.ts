/**
 * The newsletter form's state machine (requirements §4, §8): idle → submitted (pending) → success
 * box, or warning box after which submit is enabled again; closing the box returns to idle.
 * While sign-ups flood in the server may ask the browser to solve a challenge first: pending
 * then shows "checking" until the answer to the solved sign-up comes.
 * The button is disabled only while pending and while the success box is open: an invalid
 * submit stays idle and shows the messages (requirements §5).
 */
import { newsletterFormSchema, type NewsletterFormValues } from "#common/validation.ts";
import {
  formValidation,
  reduceField,
  touchAll,
  type FormFields,
  type LeadForm,
  type LeadFormEvent,
} from "./lead-form.ts";

export type NewsletterField = keyof NewsletterFormValues;

export interface NewsletterFormState extends FormFields<NewsletterField> {
  status: "idle" | "submitted" | "checking" | "success" | "warning";
  /** The confirmation box's text, shown in the success and warning states. */
  box: string;
}

type Close = { type: "close" };

export const initialNewsletterForm: NewsletterFormState = {
  status: "idle",
  values: { email: "", first_name: "", last_name: "" },
  touched: {},
  edited: {},
  box: "",
};

export const newsletterTransportFailure = "Could not subscribe";

const { errors, isValid, visibleError } = formValidation<NewsletterField>(newsletterFormSchema);
const fieldOrder: NewsletterField[] = ["first_name", "last_name", "email"];

export function newsletterFormReducer(
  state: NewsletterFormState,
  event: LeadFormEvent<NewsletterField> | Close,
): NewsletterFormState {
  switch (event.type) {
    case "submit": {
      if (state.status !== "idle" && state.status !== "warning") return state;
      const tried = touchAll(state);
      return isValid(state) ? { ...tried, status: "submitted", box: "" } : tried;
    }
    case "checking":
      return state.status === "submitted" ? { ...state, status: "checking" } : state;
    case "answered": {
      if (state.status !== "submitted" && state.status !== "checking") return state;
      const { answer } = event;
      if (answer.kind === "success") return { ...state, status: "success", box: answer.message };
      const box =
        answer.kind === "error"
          ? answer.message
            ? `${answer.error}\n${answer.message}`
            : answer.error
          : newsletterTransportFailure;
      return { ...state, status: "warning", box };
    }
    case "close":
      return state.status === "success" || state.status === "warning" ? { ...state, status: "idle", box: "" } : state;
    default:
      return reduceField(state, event);
  }
}

export const canSubmitNewsletter = (state: NewsletterFormState) =>
  (state.status === "idle" || state.status === "warning") && isValid(state);

/** Requirements §4: disabled while pending, and after success until its box is closed (only a warning enables it again). */
export const newsletterSubmitDisabled = (state: NewsletterFormState) =>
  state.status === "submitted" || state.status === "checking" || state.status === "success";

export const visibleNewsletterError = visibleError;

export const newsletterForm: LeadForm<NewsletterField, NewsletterFormState, Close> = {
  initial: initialNewsletterForm,
  reducer: newsletterFormReducer,
  canSubmit: canSubmitNewsletter,
  submitDisabled: newsletterSubmitDisabled,
  visibleError: visibleNewsletterError,
  invalidFields: (state) => fieldOrder.filter((field) => errors(state)[field]),
};
