import { useRef, useSyncExternalStore, type FocusEvent, type PointerEvent } from "react";
import { serverSnapshot, toaster, type ToastType } from "./toasts.ts";
import { CloseButton } from "#app/shared/CloseButton.tsx";

const look: Record<ToastType, { box: string; icon: string; label: string; path: string }> = {
  success: {
    box: "border-brand-600 bg-brand-50",
    icon: "text-brand-700",
    label: "Success",
    path: "M8 12.3l2.7 2.7L16.2 9.5",
  },
  info: { box: "border-brand-600 bg-white", icon: "text-brand-700", label: "Information", path: "M12 11v6M12 7.5v.01" },
  warn: {
    box: "border-danger-600 bg-danger-50",
    icon: "text-danger-700",
    label: "Warning",
    path: "M12 6.5v7M12 17.5v.01",
  },
};

/**
 * The toasts themselves, loaded after the app has started (Toaster.tsx): nobody needs them for
 * the first paint. While the mouse is over them or the focus is in them, none closes by itself
 * (toasts.ts).
 */
export default function ToastList() {
  const toasts = useSyncExternalStore(toaster.subscribe, toaster.snapshot, serverSnapshot);
  const list = useRef<HTMLDivElement>(null);
  // Where the focus came from, to give it back when the last toast it visited closes.
  const cameFrom = useRef<HTMLElement | null>(null);

  const onFocus = (event: FocusEvent) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !list.current?.contains(from)) cameFrom.current = from;
    toaster.hold("focus");
  };
  const onBlur = (event: FocusEvent) => {
    if (!(event.relatedTarget instanceof Node && list.current?.contains(event.relatedTarget))) toaster.release("focus");
  };
  // A tap is no hover: on touch screens the toasts keep closing by themselves.
  const onPointerEnter = (event: PointerEvent) => event.pointerType === "mouse" && toaster.hold("hover");
  const onPointerLeave = (event: PointerEvent) => event.pointerType === "mouse" && toaster.release("hover");

  function close(id: number) {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>("button[data-close]") ?? [])];
    const index = buttons.findIndex((button) => button.dataset.close === String(id));
    const hadFocus = index >= 0 && buttons[index] === document.activeElement;
    toaster.dismiss(id);
    if (!hadFocus) return;
    // The focus moves to the next toast's close action, or back where it came from.
    const next = buttons[index + 1] ?? buttons[index - 1];
    if (next) next.focus();
    else {
      toaster.release("focus");
      if (cameFrom.current?.isConnected) cameFrom.current.focus();
    }
  }

  return (
    <div
      ref={list}
      onFocus={onFocus}
      onBlur={onBlur}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      className="pointer-events-auto flex w-full max-w-sm flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          data-toast={toast.type}
          className={`flex items-start gap-3 rounded-xl border-l-4 p-4 text-base text-ink shadow-lg ${look[toast.type].box}`}
        >
          <svg
            viewBox="0 0 24 24"
            className={`mt-0.5 h-5 w-5 shrink-0 ${look[toast.type].icon}`}
            aria-hidden="true"
            focusable="false"
          >
            <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
            <path
              d={look[toast.type].path}
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <p className="flex-1">
            <span className="sr-only">{look[toast.type].label}: </span>
            {toast.text}
          </p>
          <CloseButton label="Close notification" data-close={toast.id} onClick={() => close(toast.id)} />
        </div>
      ))}
    </div>
  );
}
