import type { KeyboardEvent, MouseEvent } from "react";

/**
 * For a link that is a button once the app runs: a click, or Space, does `action` instead of
 * following the link. Links rather than buttons so each works before the app runs, and the same
 * element throughout, so a press made as the app starts is not lost to an element swapped under it.
 */
export function pressAsButton(event: MouseEvent | KeyboardEvent, action: () => void): void {
  if ("key" in event && event.key !== " ") return; // a link answers Enter itself, with a click
  event.preventDefault(); // no navigation, and Space does not scroll the page
  action();
}

/** `pressAsButton` as the link's two handlers. */
export const pressed = (action: () => void) => ({
  onClick: (event: MouseEvent) => pressAsButton(event, action),
  onKeyDown: (event: KeyboardEvent) => pressAsButton(event, action),
});
