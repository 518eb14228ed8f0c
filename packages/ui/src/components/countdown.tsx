import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

export type CountdownFormat = "hms" | "clock";

/** Whole, non-negative seconds: negatives and NaN become 0, fractions round down. */
function normalise(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

function split(seconds: number): { h: number; m: number; s: number } {
  const total = normalise(seconds);
  return { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

/**
 * Remaining time as text. "hms": "2h 48m 15s", "48m 15s", "15s" (leading zero units dropped).
 * "clock": "02:48:15". Negative input counts as 0.
 */
export function formatCountdown(seconds: number, format: CountdownFormat = "hms"): string {
  const { h, m, s } = split(seconds);
  if (format === "clock") {
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${pad(h)}:${pad(m)}:${pad(s)}`;
  }
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

/** The ISO 8601 duration for a number of seconds: 10095 -> "PT2H48M15S", 0 -> "PT0S". */
export function toIsoDuration(seconds: number): string {
  const { h, m, s } = split(seconds);
  const parts = `${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s ? `${s}S` : ""}`;
  return `PT${parts || "0S"}`;
}

export interface CountdownProps extends Omit<ComponentProps<"time">, "children" | "dateTime"> {
  /** Seconds remaining. The component does not tick: the parent passes a new value each second. */
  seconds: number;
  format?: CountdownFormat;
}

/** Time remaining, e.g. until a meetup or a match expires. */
export function Countdown({ seconds, format = "hms", className, ...props }: CountdownProps) {
  return (
    <time
      data-slot="countdown"
      role="timer"
      dateTime={toIsoDuration(seconds)}
      className={cn("font-semibold tabular-nums", className)}
      {...props}
    >
      {formatCountdown(seconds, format)}
    </time>
  );
}
