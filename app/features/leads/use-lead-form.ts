import { useEffect, useReducer, useRef, type FormEvent } from "react";
import { useHydrated } from "#app/features/hydration/use-hydrated.ts";
import type { FormFields, LeadForm } from "./lead-form.ts";
import { rememberEmail, rememberedEmail, type LeadAnswer } from "./leads.ts";

/**
 * The one hook behind both lead forms: runs the form's reducer, takes over what was typed before
 * the app hydrated, prefills the remembered address, submits through `send` and binds each field
 * to a `FormField`. `send` calls `onChecking` when the server asked for the proof-of-work
 * challenge. `onAnswer` hears the server's answer after the reducer has.
 */
export function useLeadForm<Field extends string, State extends FormFields<Field>, Extra = never>(
  form: LeadForm<Field, State, Extra>,
  send: (values: State["values"], honeypot: string, onChecking: () => void) => Promise<LeadAnswer>,
  onAnswer?: (answer: LeadAnswer) => void,
) {
  const [state, dispatch] = useReducer(form.reducer, form.initial);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  // Until the app runs (and without JavaScript) the form posts natively to the server, which answers
  // with its result page; the browser checks required fields and the e-mail's form first. Once the
  // app runs it validates with the spec's messages and sends the spec's GET (requirements §4, §8).
  const hydrated = useHydrated();
  const wireName = (field: Field) => form.wireNames?.[field] ?? field;
  // A submit that was refused focuses the first invalid field once its message is rendered.
  const focusAfterRender = useRef<Field | undefined>(undefined);

  useEffect(() => {
    // Text typed into the prerendered form before the app hydrated (it loads after the first paint)
    // lives only in the DOM: React keeps it on screen, but its state still says "". Later typing
    // reaches the state through onChange, so this runs once, at hydration.
    for (const field of Object.keys(form.initial.values) as Field[]) {
      const control = formRef.current?.elements.namedItem(wireName(field));
      if ((control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) && control.value !== "")
        dispatch({ type: "change", field, value: control.value });
    }
    dispatch({ type: "prefill", email: rememberedEmail() });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const name = focusAfterRender.current;
    if (name === undefined) return;
    focusAfterRender.current = undefined;
    const control = formRef.current?.elements.namedItem(wireName(name));
    if (control instanceof HTMLElement) control.focus();
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.submitDisabled(state)) return;
    dispatch({ type: "submit" });
    if (!form.canSubmit(state)) {
      focusAfterRender.current = form.invalidFields(state)[0];
      return;
    }
    rememberEmail(state.values.email);
    const answer = await send(state.values, honeypot.current?.value ?? "", () => dispatch({ type: "checking" }));
    dispatch({ type: "answered", answer });
    onAnswer?.(answer);
  }

  const field = (name: Field) => ({
    name: wireName(name),
    value: state.values[name],
    error: form.visibleError(state, name),
    onChange: (event: { target: { value: string } }) =>
      dispatch({ type: "change", field: name, value: event.target.value }),
    onBlur: () => dispatch({ type: "blur", field: name }),
  });

  return {
    state,
    dispatch,
    field,
    honeypot,
    // Enabled before the app runs: the native post is how an early or script-less visitor sends.
    submitDisabled: hydrated && form.submitDisabled(state),
    hydrated,
    formProps: { ref: formRef, method: "post", noValidate: hydrated, onSubmit },
  };
}
