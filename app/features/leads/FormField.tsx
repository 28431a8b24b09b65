import {
  useEffect,
  useId,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from "react";
import { honeypotField } from "#common/validation.ts";

interface FieldProps {
  label: ReactNode;
  /** Shown below the field, in space reserved for it so nothing moves when it appears. */
  error?: string;
  required?: boolean;
  /** Marks the label with an asterisk (and says "required" to screen readers). */
  markRequired?: boolean;
  compact?: boolean;
}

type InputProps = FieldProps & { multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, "required">;
type TextareaProps = FieldProps & { multiline: true } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "required">;

const controlClass =
  "mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-ink shadow-sm placeholder:text-muted/70 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-surface";

/** The forms' submit: the primary button, and while disabled a pale version of it (not a broken-looking one). */
export const submitButtonClass =
  "btn-primary disabled:cursor-not-allowed disabled:bg-brand-100 disabled:text-brand-800 disabled:hover:bg-brand-100";

/** The required email field both forms share: its label, keyboard, autofill and length limit. */
export function EmailField(props: Omit<InputProps, "label" | "type" | "multiline">) {
  return (
    <FormField label="Email" type="email" autoComplete="email" inputMode="email" required markRequired {...props} />
  );
}

/** A labelled input or textarea with its error tied to it (aria-invalid, aria-describedby). */
export function FormField(props: InputProps | TextareaProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const { label, error, required, markRequired, compact, multiline, ...control } = props;
  const element = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // The app's message (the spec's words) is the control's validity message too, for the browser and :invalid.
  useEffect(() => element.current?.setCustomValidity(error ?? ""), [error]);
  const shared = {
    id,
    ref: element,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    // Native: the browser checks it before a post without JavaScript (the app sets noValidate).
    required: required || undefined,
    className: `${controlClass} ${error ? "border-danger-600" : "border-line"}`,
  };
  return (
    <div>
      <label htmlFor={id} className={`block font-medium text-ink ${compact ? "text-sm" : "text-base"}`}>
        {label}
        {markRequired && (
          <>
            <span aria-hidden="true" className="ml-0.5 text-danger-700">
              *
            </span>
            <span className="sr-only"> (required)</span>
          </>
        )}
      </label>
      {multiline ? (
        <textarea {...shared} {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} />
      ) : (
        <input {...shared} {...(control as InputHTMLAttributes<HTMLInputElement>)} />
      )}
      <p id={errorId} className="mt-0.5 min-h-5 text-sm leading-5 text-danger-700">
        {error}
      </p>
    </div>
  );
}

/** The legend for the asterisks (screen readers hear "required" with each marked field instead). */
export function RequiredLegend({ className = "" }: { className?: string }) {
  return (
    <p aria-hidden="true" className={`text-sm text-muted ${className}`}>
      <span className="text-danger-700">*</span> required
    </p>
  );
}

/** The field people never see and bots fill in (the server ignores any request that has it). */
export function Honeypot({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input ref={inputRef} type="text" name={honeypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
