import { useLayoutEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type PointerEvent } from "react";
import { serverSnapshot, toaster, type ToastType } from "./toasts.ts";
import { toastTop } from "./toast-place.ts";
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
 * (toasts.ts). They never stand over a form where a gap can hold them (toast-place.ts): measured
 * as they show, and again as the page scrolls or the window resizes.
 */
export default function ToastList() {
  const toasts = useSyncExternalStore(toaster.subscribe, toaster.snapshot, serverSnapshot);
  const list = useRef<HTMLDivElement>(null);
  // Where the focus came from, to give it back when the last toast it visited closes.
  const cameFrom = useRef<HTMLElement | null>(null);
  // How far above their place at the bottom edge the toasts stand.
  const [raised, setRaised] = useState(0);

  const shown = toasts.length > 0;
  useLayoutEffect(() => {
    const element = list.current;
    if (!shown || !element) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      setRaised((current) => placeAwayFromForms(element, current));
    };
    const later = () => (frame ||= requestAnimationFrame(place));
    // A new set of toasts starts from the bottom edge; scrolling moves them only when a form comes under them.
    setRaised(placeAwayFromForms(element, 0));
    addEventListener("scroll", later, { passive: true });
    addEventListener("resize", later);
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener("scroll", later);
      removeEventListener("resize", later);
    };
  }, [shown, toasts]);

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
      style={raised ? { transform: `translateY(${-raised}px)` } : undefined}
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

/**
 * How far above the bottom edge the toasts should stand to keep off the page's forms, given how
 * far they stand now. The live region around them (Toaster.tsx) is fixed to the bottom edge, with
 * its padding as the room at the edges; the header, stuck at the top, is no place for them.
 */
function placeAwayFromForms(list: HTMLElement, raised: number): number {
  const region = list.parentElement!;
  const room = parseFloat(getComputedStyle(region).paddingBottom);
  const { left, right, height } = list.getBoundingClientRect();
  const bottom = region.getBoundingClientRect().bottom - room;
  const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
  const forms = [...document.forms].map((form) => form.getBoundingClientRect()).filter((box) => box.height > 0);
  const area = { top: Math.max(0, header) + room, bottom, left, right, height };
  return bottom - height - toastTop(area, forms, bottom - height - raised);
}
