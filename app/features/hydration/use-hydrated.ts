import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while React renders on the server and while it hydrates the server's HTML, true from
 * then on (the server snapshot is false, the client snapshot true; remix-utils' useHydrated).
 * Whatever depends on it renders the same as the server first, so hydration never mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
