/** How far ahead of the viewport something counts as near: about a flick of the thumb. */
export const nearMargin = "200px 0px";

const interactions = ["pointerdown", "focusin"] as const;

/**
 * The one viewport observer: calls `onNear` once, when `element` comes within `nearMargin` of the
 * viewport or the visitor presses on or focuses something inside it (a tab, or a tap on a part the
 * observer has not reported yet). Returns a function that stops watching. Without
 * IntersectionObserver the element counts as near at once.
 */
export function onceNear(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") {
    onNear();
    return () => {};
  }
  let watching = true;
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && near(), {
    rootMargin: nearMargin,
  });
  const onInteraction = (event: Event) => element.contains(event.target as Node) && near();
  function stop() {
    watching = false;
    observer.disconnect();
    for (const type of interactions) window.removeEventListener(type, onInteraction, true);
  }
  function near() {
    if (!watching) return;
    stop();
    onNear();
  }
  observer.observe(element);
  // On the window, in the capture phase: React stops an event aimed at a part it has not hydrated
  // at its root, so a listener on the part itself would never hear it, and this one runs first.
  for (const type of interactions) window.addEventListener(type, onInteraction, { capture: true, passive: true });
  return stop;
}

const promises = new WeakMap<Element, Promise<void>>();

/** `onceNear` as a promise, one per element, for `use()`: the same promise on every render. */
export function whenNear(element: Element): Promise<void> {
  let near = promises.get(element);
  if (!near) {
    near = new Promise<void>((resolve) => onceNear(element, resolve));
    promises.set(element, near);
  }
  return near;
}
