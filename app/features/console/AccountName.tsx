/**
 * The signed-in person's own name (PUT /admin/api/session/name): the author a new post starts
 * with. Every role may set it; blank takes it away.
 */
import { useId, useState, type FormEvent } from "react";
import { maxAccountName } from "#common/console.ts";
import type { SessionAnswer } from "#common/console-api.ts";
import { api, type Account } from "./api.ts";

export function AccountName({ account, onChanged }: { account: Account; onChanged(account: Account): void }) {
  const [name, setName] = useState(account.name ?? "");
  const [note, setNote] = useState<{ text: string; bad?: boolean }>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const unchanged = name.trim() === (account.name ?? "");
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await api<SessionAnswer>("/session/name", {
        method: "PUT",
        body: { name },
        intent: "Save your name",
      });
      if (answer.signedIn) {
        setName(answer.account.name ?? "");
        onChanged(answer.account);
        setNote({ text: answer.account.name ? "Saved." : "Name removed." });
      }
    } catch (error) {
      setNote({ text: (error as Error).message, bad: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={save} className="px-2" aria-label="Your name">
      <label htmlFor={id} className="block text-xs font-semibold text-ink">
        Your name
      </label>
      <p id={`${id}-help`} className="text-xs text-muted">
        New posts name you as their author.
      </p>
      <div className="mt-1 flex gap-1.5">
        <input
          id={id}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setNote(undefined);
          }}
          maxLength={maxAccountName}
          autoComplete="name"
          aria-describedby={`${id}-help ${id}-note`}
          className="block min-h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-ink"
        />
        <button
          type="submit"
          disabled={busy || unchanged}
          className="min-h-9 shrink-0 rounded-md border border-line bg-white px-2.5 text-sm font-semibold text-ink hover:bg-surface disabled:opacity-50"
        >
          Save
        </button>
      </div>
      <p
        id={`${id}-note`}
        aria-live="polite"
        className={`mt-1 text-xs empty:hidden ${note?.bad ? "font-medium text-danger-700" : "text-muted"}`}
      >
        {note?.text}
      </p>
    </form>
  );
}
