import { Suspense, use, useId, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated.ts";
import { whenNear } from "./when-near.ts";

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
        <HoldWhileHydrating id={id} />
        {children}
      </Suspense>
    </div>
  );
}

/**
 * Inside the boundary, so nothing outside it re-renders (a dehydrated boundary that receives new
 * props is rendered afresh instead of hydrated). While the first document hydrates, it renders
 * WaitUntilNear, which suspends the boundary and leaves its server HTML in place until the part is
 * near; afterwards, and on every client render, it renders nothing. Rendering null on the server
 * matches: neither puts anything in the DOM.
 */
function HoldWhileHydrating({ id }: { id: string }) {
  const hydrated = useHydrated();
  if (hydrated || typeof document === "undefined") return null;
  const element = document.getElementById(id);
  return element && <WaitUntilNear element={element} />;
}

function WaitUntilNear({ element }: { element: Element }) {
  use(whenNear(element));
  return null;
}
