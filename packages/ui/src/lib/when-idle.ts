import { createContext, createElement, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

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

/**
 * Background work waiting for its turn (docs/decisions/0030): nothing starts before `open()`, then
 * one waiting start per idle moment, in the order they came. Each start (a socket, a count's first
 * request) is then its own short task, not one long task with all of them. Once open and drained,
 * a newcomer starts at once.
 */
export interface Turns {
  open(): void;
  /** Queues `start` (at the head of the queue when `first`); returns what takes it out of the queue. */
  take(start: () => void, first?: boolean): () => void;
  /** Open with nobody waiting: a newcomer need not wait. */
  settled(): boolean;
  stop(): void;
}

export function createTurns(schedule: (callback: () => void) => () => void = whenIdle): Turns {
  const waiting: Array<() => void> = [];
  let opened = false;
  let pending: (() => void) | null = null;
  const next = () => {
    pending = null;
    waiting.shift()?.();
    if (waiting.length > 0) pending = schedule(next);
  };
  const kick = () => {
    if (opened && !pending && waiting.length > 0) pending = schedule(next);
  };
  return {
    open() {
      opened = true;
      kick();
    },
    take(start, first = false) {
      if (first) waiting.unshift(start);
      else waiting.push(start);
      kick();
      return () => {
        const at = waiting.indexOf(start);
        if (at >= 0) waiting.splice(at, 1);
      };
    },
    settled: () => opened && waiting.length === 0,
    stop() {
      pending?.();
      pending = null;
    },
  };
}

const AfterFirstPaint = createContext<Turns | null>(null);

/**
 * The app's gate for background work (docs/decisions/0029, 0030): from its first render until the
 * browser's first idle moment after it, background work waits; then each waiting piece (the
 * socket, the heartbeat, the counts, the notifications) starts at an idle moment of its own, one
 * after the other. None of it runs in the task that draws the first page, nor all of it in one
 * task after it. Where no gate is set (stories, tests), background work starts at once.
 */
export function FirstPaintGate({ children }: { children: ReactNode }) {
  const [turns] = useState(createTurns);
  useEffect(() => {
    const cancel = whenIdle(() => turns.open());
    return () => {
      cancel();
      turns.stop();
    };
  }, [turns]);
  return createElement(AfterFirstPaint.Provider, { value: turns }, children);
}

/** Runs `start` at once (and returns a no-op): where no gate is set, or once it has settled. */
const atOnce = (start: () => void) => {
  start();
  return () => undefined;
};

/**
 * What an effect calls to start its background work at its turn (see FirstPaintGate): `later(start)`
 * runs `start` at its turn (at once without a gate) and returns what cancels it if it has not run.
 * No state, so the component is not drawn again when its turn comes (the socket, the heartbeat).
 * `first`: before whatever is waiting (the socket: what happens while it is not connected, a
 * member sees only when he asks again).
 */
export function useBackgroundTurn({ first = false }: { first?: boolean } = {}): (start: () => void) => () => void {
  const turns = useContext(AfterFirstPaint);
  return useMemo(
    () => (turns ? (start: () => void) => (turns.settled() ? atOnce(start) : turns.take(start, first)) : atOnce),
    [turns, first],
  );
}

/** Whether this piece of background work may start (see FirstPaintGate): false until its turn, then true for good. */
export function useAfterFirstPaint(): boolean {
  const turns = useContext(AfterFirstPaint);
  const later = useBackgroundTurn();
  const [mine, setMine] = useState(() => turns === null || turns.settled());
  useEffect(() => (mine ? undefined : later(() => setMine(true))), [mine, later]);
  return mine;
}
