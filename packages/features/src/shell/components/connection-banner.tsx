import { WifiOff } from "lucide-react";
import { Spinner } from "@vicinity/ui";

export interface ConnectionBannerProps {
  state: "reconnecting" | "disconnected";
}

/** decisions.md, Failure: a dropped socket reconnects by itself and the screen says so. */
export function ConnectionBanner({ state }: ConnectionBannerProps) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 bg-muted px-4 py-2 text-sm text-foreground">
      {state === "reconnecting" ? (
        <Spinner size="sm" className="text-accent" />
      ) : (
        <WifiOff className="size-4" aria-hidden />
      )}
      {state === "reconnecting"
        ? "Connection lost. Reconnecting..."
        : "You are offline. Live updates will resume when the connection is back."}
    </div>
  );
}
