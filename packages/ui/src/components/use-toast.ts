import { useSyncExternalStore, type ReactNode } from "react";

/** Spec section 9: one toast at a time, shown 5 s, a dismissed one removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_VIEWPORT_MAX_WIDTH_PX = 420;

export type ToastVariant = "default" | "success" | "destructive";

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds on screen; defaults to TOAST_DURATION_MS. */
  duration?: number;
  action?: ReactNode;
}

export interface ToastRecord extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = () => void;

/**
 * A tiny store outside React so that any code (a mutation's onError, say) can raise a toast.
 * Newer toasts replace older ones beyond TOAST_LIMIT.
 */
function createToastStore() {
  let toasts: ToastRecord[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const emit = () => listeners.forEach((l) => l());
  const set = (next: ToastRecord[]) => {
    toasts = next;
    emit();
  };

  function scheduleRemoval(id: string) {
    if (removalTimers.has(id)) return;
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        set(toasts.filter((t) => t.id !== id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  }

  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
    show(input: ToastInput): string {
      counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
      const id = `toast-${counter}`;
      set([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
      return id;
    },
    dismiss(id?: string) {
      set(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
      toasts.filter((t) => !t.open).forEach((t) => scheduleRemoval(t.id));
    },
    /** Test and story isolation: forget every toast at once. */
    reset() {
      removalTimers.forEach(clearTimeout);
      removalTimers.clear();
      set([]);
    },
  };
}

export const toastStore = createToastStore();

/** Raise a toast from anywhere. */
export function toast(input: ToastInput): string {
  return toastStore.show(input);
}

export function dismissToast(id?: string): void {
  toastStore.dismiss(id);
}

export function useToasts(): ToastRecord[] {
  return useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
}
