import { useCallback, useEffect, useRef, useState } from "react";

/** Spec section 9: logout after 15 minutes idle; the warning one minute before; a 60 s countdown. */
export const IDLE_LOGOUT_MS = 15 * 60 * 1000;
export const IDLE_WARNING_BEFORE_MS = 60 * 1000;
export const IDLE_COUNTDOWN_S = 60;

export type IdlePhase = { phase: "active" } | { phase: "warning"; secondsLeft: number } | { phase: "expired" };

/**
 * The idle state at an instant: active until 14 minutes after the last activity, then a warning
 * counting down from 60, then expired. Pure, so every moment can be shown and tested.
 */
export function idlePhaseAt(lastActivityAt: number, now: number): IdlePhase {
  const idle = now - lastActivityAt;
  if (idle >= IDLE_LOGOUT_MS) return { phase: "expired" };
  if (idle >= IDLE_LOGOUT_MS - IDLE_WARNING_BEFORE_MS) {
    return { phase: "warning", secondsLeft: Math.max(1, Math.ceil((IDLE_LOGOUT_MS - idle) / 1000)) };
  }
  return { phase: "active" };
}

const ACTIVITY_EVENTS = ["pointerdown", "keydown", "scroll", "touchstart", "mousemove"] as const;

/**
 * Idle logout (spec section 4): activity resets the timer; while the tab is hidden the timer
 * pauses, but coming back after more than 15 minutes since the last activity logs out at once.
 * The warning ticks each second; 'stay' resets.
 */
export function useIdleLogout(enabled: boolean, onExpire: () => void, now: () => number = Date.now) {
  const lastActivity = useRef(now());
  const [state, setState] = useState<IdlePhase>({ phase: "active" });
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  }, [onExpire]);

  const stay = useCallback(() => {
    lastActivity.current = now();
    setState({ phase: "active" });
  }, [now]);

  useEffect(() => {
    if (!enabled) return;
    lastActivity.current = now();
    let timer: ReturnType<typeof setInterval> | null = null;

    const check = () => {
      const next = idlePhaseAt(lastActivity.current, now());
      setState((prev) =>
        prev.phase === next.phase &&
        (next.phase !== "warning" || (prev.phase === "warning" && prev.secondsLeft === next.secondsLeft))
          ? prev
          : next,
      );
      if (next.phase === "expired") {
        stop();
        onExpireRef.current();
      }
    };
    const start = () => {
      if (!timer) timer = setInterval(check, 1000);
    };
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = null;
    };
    const onActivity = () => {
      // Activity during the warning does not dismiss it: only 'stay' does.
      if (idlePhaseAt(lastActivity.current, now()).phase === "active") lastActivity.current = now();
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") return stop();
      check();
      if (idlePhaseAt(lastActivity.current, now()).phase !== "expired") start();
    };

    ACTIVITY_EVENTS.forEach((e) => window.addEventListener(e, onActivity, { passive: true }));
    document.addEventListener("visibilitychange", onVisibility);
    if (document.visibilityState === "visible") start();
    return () => {
      stop();
      ACTIVITY_EVENTS.forEach((e) => window.removeEventListener(e, onActivity));
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [enabled, now]);

  return { state, stay };
}
