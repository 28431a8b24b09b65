/**
 * What the contact and newsletter forms share (requirements §4, §5): their values, the fields that were
 * typed in and then left (a field's error shows only then, or after a submit was tried: tabbing past
 * an untouched field says nothing), the events on their fields,
 * and validation against the form's schema. Each form's reducer adds its own statuses and hands
 * field events to `reduceField`.
 */
import type { GenericSchema } from "valibot";
import { fieldErrors } from "#common/validation.ts";
import type { LeadAnswer } from "./leads.ts";

export interface FormFields<Field extends string> {
  values: Record<Field, string> & { email: string };
  touched: Partial<Record<Field, boolean>>;
  /** Fields the visitor typed in; leaving one of these marks it touched. */
  edited: Partial<Record<Field, boolean>>;
}

export type FieldEvent<Field extends string> =
  | { type: "change"; field: Field; value: string }
  | { type: "blur"; field: Field }
  /** The remembered address arrives after hydration; it never overwrites typing. */
  | { type: "prefill"; email: string };

/**
 * The events of every lead form: its fields, a submit, the browser checking itself for the
 * server (the proof-of-work challenge, asked only while sign-ups flood in), and the server's answer.
 */
export type LeadFormEvent<Field extends string> =
  FieldEvent<Field> | { type: "submit" } | { type: "checking" } | { type: "answered"; answer: LeadAnswer };

export function reduceField<Field extends string, State extends FormFields<Field>>(
  state: State,
  event: FieldEvent<Field>,
): State {
  switch (event.type) {
    case "change":
      return {
        ...state,
        values: { ...state.values, [event.field]: event.value },
        edited: state.edited[event.field] ? state.edited : { ...state.edited, [event.field]: true },
      };
    case "blur":
      return state.touched[event.field] || !state.edited[event.field]
        ? state
        : { ...state, touched: { ...state.touched, [event.field]: true } };
    case "prefill":
      return state.values.email || !event.email ? state : { ...state, values: { ...state.values, email: event.email } };
  }
}

/** A submit was tried: from now on every field shows its error. */
export const touchAll = <Field extends string, State extends FormFields<Field>>(state: State): State => ({
  ...state,
  touched: Object.fromEntries(Object.keys(state.values).map((field) => [field, true])),
});

/**
 * A form's validation by its schema: every field's message now (shown or not), whether it is
 * valid, and the message a field shows now.
 */
export function formValidation<Field extends string>(schema: GenericSchema) {
  const errors = (state: FormFields<Field>) => fieldErrors(schema, state.values) as Partial<Record<Field, string>>;
  return {
    errors,
    isValid: (state: FormFields<Field>) => Object.keys(errors(state)).length === 0,
    visibleError: (state: FormFields<Field>, field: Field) => (state.touched[field] ? errors(state)[field] : undefined),
  };
}

/** A lead form as `useLeadForm` drives it; `Extra` are the form's own events (the newsletter's close). */
export interface LeadForm<Field extends string, State extends FormFields<Field>, Extra = never> {
  initial: State;
  reducer: (state: State, event: LeadFormEvent<Field> | Extra) => State;
  /** A submit now would send. */
  canSubmit: (state: State) => boolean;
  /** The submit button is disabled (requirements §4: each form has its own rule). */
  submitDisabled: (state: State) => boolean;
  visibleError: (state: State, field: Field) => string | undefined;
  /** The fields that are invalid now, in the order of the form; a tried submit focuses the first. */
  invalidFields: (state: State) => Field[];
  /** The spec's wire name of a field where it differs from the state's (the form posts under it). */
  wireNames?: Partial<Record<Field, string>>;
}
