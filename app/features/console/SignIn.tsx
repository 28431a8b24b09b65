import { useState, type FormEvent, type InputHTMLAttributes } from "react";
import { brand } from "./brand.ts";
import { Mark } from "./Mark.tsx";
import { api, ApiError, type Account } from "./api.ts";
import { buttonClass, ErrorNote, inputClass } from "./ui.tsx";

/** The sign-in page: e-mail and password, then the authenticator code for an account that has one. */
/** `notice`: why the sign-in page shows (a session that ended), above the form. */
export function SignIn({ onSignedIn, notice }: { onSignedIn(account: Account): void; notice?: string }) {
  const [error, setError] = useState<string>();
  const [needCode, setNeedCode] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const { account } = await api<{ account: Account }>("/session", {
        method: "POST",
        body: { email: form.get("email"), password: form.get("password"), code: form.get("code") ?? "" },
      });
      onSignedIn(account);
    } catch (caught) {
      const failure = caught as ApiError;
      if (failure.body?.needCode) setNeedCode(true);
      setError(failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex min-h-screen items-center justify-center bg-surface px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center gap-3 text-center">
          <Mark className="h-11 w-11" />
          <h1 className="text-2xl font-bold tracking-tight text-ink">Sign in to the console</h1>
          <p className="text-sm text-muted">{brand} leads, subscribers and usage</p>
        </div>
        <form
          onSubmit={submit}
          className="space-y-5 rounded-xl border border-line bg-white p-6 shadow-sm sm:p-8"
          noValidate
        >
          {notice && (
            <p
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900"
            >
              {notice}
            </p>
          )}
          <ErrorNote message={error} />
          <SignInField label="Email" name="email" type="email" autoComplete="username" required />
          <SignInField label="Password" name="password" type="password" autoComplete="current-password" required />
          {needCode && (
            <SignInField
              label="Authenticator code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              autoFocus
            />
          )}
          <button type="submit" className={`${buttonClass} w-full`} disabled={busy} aria-busy={busy}>
            Sign in
          </button>
        </form>
        <p className="mt-6 text-center text-xs text-muted">
          Accounts are made on the server: <code className="font-mono whitespace-nowrap">npm run users -- add</code>
        </p>
      </div>
    </div>
  );
}

/** A labelled field of the sign-in form (id `console-<name>`). */
function SignInField({
  label,
  name,
  ...input
}: { label: string; name: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "className">) {
  return (
    <div>
      <label htmlFor={`console-${name}`} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <input id={`console-${name}`} name={name} className={inputClass} {...input} />
    </div>
  );
}
