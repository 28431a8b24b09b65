/**
 * Toasts (spec §3: success, info, warn) as a tiny store the Toaster renders through
 * useSyncExternalStore. A toast stays until its close action (spec §8), so nobody has to
 * read against a timer; the oldest goes when more than `max` are open.
 */
export type ToastType = "success" | "info" | "warn";

export interface Toast {
  id: number;
  type: ToastType;
  text: string;
}

export function createToaster(max = 3) {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const set = (next: readonly Toast[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };
  return {
    show(type: ToastType, text: string): number {
      const id = nextId++;
      set([...toasts, { id, type, text }].slice(-max));
      return id;
    },
    dismiss: (id: number) => set(toasts.filter((toast) => toast.id !== id)),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    snapshot: () => toasts,
  };
}

const empty: readonly Toast[] = [];
/** The site's toaster, mounted once in root.tsx. */
export const toaster = createToaster();
/** The prerendered HTML has no toasts. */
export const serverSnapshot = () => empty;
