/** How far ahead of the viewport a part starts to hydrate: about a flick of the thumb. */
export const nearMargin = "200px 0px";

const interactions = ["pointerdown", "focusin"] as const;
/** React's thenable protocol: `use()` returns at once for a promise whose status says fulfilled. */
type Near = Promise<void> & { status?: "pending" | "fulfilled"; value?: undefined };
const promises = new WeakMap<Element, Near>();

/**
 * A promise, one per element, that settles once the element comes within `nearMargin` of the
 * viewport or the visitor presses on or focuses something inside it (a tab, a tap on a part the
 * observer has not reported yet). It carries React's `status` field, so `use()` reads it at once
 * after it settles: an event that hydrates the part synchronously then finds nothing to wait for.
 */
export function whenNear(element: Element): PromiseLike<void> {
  const known = promises.get(element);
  if (known) return known;
  let resolve!: () => void;
  const near: Near = new Promise<void>((settle) => (resolve = settle));
  promises.set(element, near);
  if (typeof IntersectionObserver === "undefined") {
    near.status = "fulfilled";
    resolve();
    return near;
  }
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && settle(), { rootMargin: nearMargin });
  const onInteraction = (event: Event) => element.contains(event.target as Node) && settle();
  function settle() {
    if (near.status === "fulfilled") return;
    near.status = "fulfilled";
    near.value = undefined;
    observer.disconnect();
    for (const type of interactions) window.removeEventListener(type, onInteraction, true);
    resolve();
  }
  observer.observe(element);
  // On the window, in the capture phase: React stops an event aimed at a part it has not hydrated
  // at its root, so a listener on the part itself would never hear it, and this one runs first.
  for (const type of interactions) window.addEventListener(type, onInteraction, { capture: true, passive: true });
  return near;
}
