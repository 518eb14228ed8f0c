import { useEffect, useRef } from "react";
import { useBackgroundTurn } from "@vicinity/ui";
import { API_PATHS } from "@vicinity/contract";

/** Spec section 9: a heartbeat every 5 minutes, skipped if the last was under 290 s ago or the tab is hidden. */
export const HEARTBEAT_INTERVAL_MS = 5 * 60 * 1000;
export const HEARTBEAT_MIN_GAP_MS = 290 * 1000;

export interface HeartbeatDeps {
  send: () => Promise<Response>;
  isVisible: () => boolean;
  now: () => number;
  onAuthLost: () => void;
}

/**
 * One heartbeat decision: skipped when hidden or too soon; a 401 stops heartbeats for good
 * (spec section 8: subscribers are notified and 'Authentication lost during heartbeat' is logged);
 * another failure is only logged ('Heartbeat failed: {status}').
 */
export function createHeartbeat(deps: HeartbeatDeps) {
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let stopped = false;
  return {
    get stopped() {
      return stopped;
    },
    async beat(): Promise<"sent" | "skipped" | "stopped" | "failed"> {
      if (stopped) return "stopped";
      if (!deps.isVisible() || deps.now() - lastSentAt < HEARTBEAT_MIN_GAP_MS) return "skipped";
      lastSentAt = deps.now();
      try {
        const response = await deps.send();
        if (response.status === 401) {
          stopped = true;
          console.warn("Authentication lost during heartbeat");
          deps.onAuthLost();
          return "stopped";
        }
        if (!response.ok) {
          console.warn(`Heartbeat failed: ${response.status}`);
          return "failed";
        }
        return "sent";
      } catch (error) {
        console.warn(`Heartbeat failed: ${error instanceof Error ? error.message : String(error)}`);
        return "failed";
      }
    },
  };
}

/** Sends heartbeats while `enabled` (a member or a guest), and once when the tab becomes visible. */
export function useHeartbeat(enabled: boolean, onAuthLost: () => void): void {
  // Not in the first page's own task: after its first paint, at its own turn (FirstPaintGate,
  // docs/decisions/0029, 0030), without drawing the layout again.
  const later = useBackgroundTurn();
  const onAuthLostRef = useRef(onAuthLost);
  useEffect(() => {
    onAuthLostRef.current = onAuthLost;
  }, [onAuthLost]);

  useEffect(() => {
    if (!enabled) return;
    const heartbeat = createHeartbeat({
      send: () => fetch(API_PATHS.heartbeat, { method: "POST", credentials: "include" }),
      isVisible: () => document.visibilityState === "visible",
      now: () => Date.now(),
      onAuthLost: () => onAuthLostRef.current(),
    });
    const onVisible = () => {
      if (document.visibilityState === "visible") void heartbeat.beat();
    };
    let id: ReturnType<typeof setInterval> | undefined;
    const cancel = later(() => {
      void heartbeat.beat();
      id = setInterval(() => void heartbeat.beat(), HEARTBEAT_INTERVAL_MS);
      document.addEventListener("visibilitychange", onVisible);
    });
    return () => {
      cancel();
      clearInterval(id);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [enabled, later]);
}
