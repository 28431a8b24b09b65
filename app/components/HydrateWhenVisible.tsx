import { Suspense, use, useId, useSyncExternalStore, type ReactNode } from "react";
import { whenNear } from "../lib/when-near";

const noSubscription = () => () => {};

/**
 * A part of the page further down whose server HTML stays as it is (readable, links working as
 * plain links) until the visitor scrolls near it or touches it; only then does React hydrate it.
 * A phone that loads the page does the work for what is on screen, and the rest when it is
 * wanted. Rendered on the client (a navigation, not the first page), it shows at once.
 */
export function HydrateWhenVisible({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <div id={id}>
      <Suspense>
        <WaitUntilNear id={id} />
        {children}
      </Suspense>
    </div>
  );
}

/**
 * Suspends only while hydrating the first document: the server snapshot (true) is what React
 * reads while hydrating, the client snapshot (false) on every render of its own. A component that
 * suspends while hydrating leaves its boundary's server HTML in place until the promise settles.
 */
function WaitUntilNear({ id }: { id: string }) {
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  if (hydrating && typeof document !== "undefined") {
    const element = document.getElementById(id);
    if (element) use(whenNear(element));
  }
  return null;
}
