import { createContext, createElement, useContext, useEffect, useState, type ReactNode } from "react";

/** How long work that waits for an idle moment waits at most (a page that is never idle still gets it). */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Calls back once the browser has an idle moment (or after `timeout` ms at the latest): work that
 * need not share a task with the page's first draw. Returns what cancels it.
 */
export function whenIdle(callback: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  if (typeof window === "undefined" || typeof window.requestIdleCallback !== "function") {
    const timer = setTimeout(callback, Math.min(timeout, 200));
    return () => clearTimeout(timer);
  }
  const id = window.requestIdleCallback(callback, { timeout });
  return () => window.cancelIdleCallback(id);
}

/** False until the browser has had an idle moment since the component mounted, then true for good. */
export function useIdle(timeout = IDLE_TIMEOUT_MS): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (idle ? undefined : whenIdle(() => setIdle(true), timeout)), [idle, timeout]);
  return idle;
}

const AfterFirstPaint = createContext(true);

/**
 * The app's gate for background work (docs/decisions/0029): false from its first render until the
 * browser's first idle moment after it, then true for good. The socket, the heartbeat and the
 * counts start then, not in the task that draws the first page and not with its requests. Where no
 * gate is set (stories, tests), background work starts at once.
 */
export function FirstPaintGate({ children }: { children: ReactNode }) {
  return createElement(AfterFirstPaint.Provider, { value: useIdle() }, children);
}

/** Whether background work may start (see FirstPaintGate). */
export function useAfterFirstPaint(): boolean {
  return useContext(AfterFirstPaint);
}
