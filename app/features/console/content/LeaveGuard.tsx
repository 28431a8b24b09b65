/**
 * Asks before the editor is left while what was typed is not kept yet (editor-state.ts
 * textAtRisk): a link to another page of the console (in a modal <dialog>), and a closed or
 * reloaded tab (beforeunload: the browser's own question). Text already kept as typed needs no
 * question: the editor opens with it again. (The browser's back button is not asked about: the
 * editor keeps the text as it closes, useAutosave.)
 *
 * Links are caught in the capture phase, before React Router's <Link> handles the click (it leaves
 * a prevented click alone). React Router's useBlocker would do it for every navigation, but its code
 * lands in the chunk every public page loads, past their JavaScript budget.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { buttonClass, dangerButtonClass, secondaryButtonClass } from "#app/features/console/ui.tsx";

/** The in-app path a click would go to, when it is a plain left click on a link of this site to another page. */
function leavingTo(event: MouseEvent): string | undefined {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return undefined;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || url.pathname === location.pathname) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function LeaveGuard({
  atRisk,
  keep,
}: {
  atRisk: string | undefined;
  /** Keeps the text now; true once the server has it (useAutosave). */
  keep(text: string): Promise<boolean>;
}) {
  const risky = atRisk !== undefined;
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState<string>();
  useEffect(() => {
    if (!risky) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // What Firefox and WebKit before 2024 ask for instead.
      event.returnValue = "";
    };
    const catchLink = (event: MouseEvent) => {
      const to = leavingTo(event);
      if (to === undefined) return;
      event.preventDefault();
      setLeaving(to);
    };
    window.addEventListener("beforeunload", ask);
    document.addEventListener("click", catchLink, true);
    return () => {
      window.removeEventListener("beforeunload", ask);
      document.removeEventListener("click", catchLink, true);
    };
  }, [risky]);

  const dialog = useRef<HTMLDialogElement>(null);
  const [keeping, setKeeping] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (leaving !== undefined && !element.open) element.showModal();
    if (leaving === undefined && element.open) element.close();
  }, [leaving]);

  const stay = () => {
    setFailed(false);
    setLeaving(undefined);
  };
  const leave = () => {
    const to = leaving;
    setLeaving(undefined);
    if (to !== undefined) void navigate(to);
  };
  const keepAndLeave = async () => {
    setKeeping(true);
    const kept = atRisk === undefined || (await keep(atRisk));
    setKeeping(false);
    if (kept) leave();
    else setFailed(true);
  };

  return (
    <dialog
      ref={dialog}
      // Esc, or the dialog closed any other way: stay.
      onClose={stay}
      aria-labelledby="leave-title"
      aria-describedby="leave-text"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-line bg-white p-6 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id="leave-title" className="text-lg font-bold text-ink">
        Your latest changes are not kept yet
      </h2>
      <p id="leave-text" className="mt-2 text-sm text-ink">
        {failed
          ? "They could not be kept: the server did not take them. Stay and try again, or leave without them."
          : "What you typed in the last few seconds is not on the server yet. Keep it and leave, or stay."}
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={stay}>
          Stay
        </button>
        {failed ? (
          <button type="button" className={dangerButtonClass} onClick={leave}>
            Leave without them
          </button>
        ) : (
          <button type="button" className={buttonClass} disabled={keeping} onClick={() => void keepAndLeave()}>
            {keeping ? "Keeping…" : "Keep them and leave"}
          </button>
        )}
      </div>
    </dialog>
  );
}
