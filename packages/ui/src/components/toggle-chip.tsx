import type { ReactNode } from "react";
import { cn } from "../lib/cn";

export interface ToggleChipProps {
  pressed: boolean;
  onClick: () => void;
  /** A small icon before the words (hidden from screen readers by the caller). */
  icon: ReactNode;
  children: ReactNode;
}

/** A pressed-or-not chip of a toolbar (a sort, a filter such as Right Now). */
export function ToggleChip({ pressed, onClick, icon, children }: ToggleChipProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex min-h-9 items-center gap-1.5 rounded-pill px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        pressed ? "bg-accent text-accent-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
      )}
    >
      {icon}
      {children}
    </button>
  );
}
