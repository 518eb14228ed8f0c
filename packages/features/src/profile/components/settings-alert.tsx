import type { ReactNode } from "react";
import { CircleAlert } from "lucide-react";
import { cn } from "@vicinity/ui";

/** A problem with a whole form or action (the server's message, say), announced when it appears. */
export function SettingsAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      data-slot="settings-alert"
      className={cn(
        "flex items-start gap-2.5 rounded-md border border-destructive/60 bg-destructive/10 px-3.5 py-3 text-sm font-medium text-destructive-text",
        className,
      )}
    >
      <CircleAlert className="mt-px size-4 shrink-0" aria-hidden />
      <p className="min-w-0 break-words">{children}</p>
    </div>
  );
}
