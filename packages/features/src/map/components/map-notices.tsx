import type { ReactNode } from "react";
import { AlertTriangle, Filter, Info, LocateOff, WifiOff, ZoomIn } from "lucide-react";
import { Button, cn, Spinner } from "@vicinity/ui";

export type MapNoticeKind =
  | "loading"
  | "zoom-in"
  | "reconnecting"
  | "error"
  | "empty"
  | "crowds-hidden"
  | "truncated"
  | "tiles-failed"
  | "location-denied"
  | "location-unsupported"
  | "fallback-centre"
  | "limited";

export interface MapNotice {
  kind: MapNoticeKind;
  text: ReactNode;
  action?: { label: string; onClick: () => void };
}

const ICONS: Record<MapNoticeKind, ReactNode> = {
  loading: <Spinner size="sm" className="text-accent" />,
  "zoom-in": <ZoomIn className="size-4" aria-hidden />,
  reconnecting: <WifiOff className="size-4" aria-hidden />,
  error: <AlertTriangle className="size-4" aria-hidden />,
  empty: <Info className="size-4" aria-hidden />,
  "crowds-hidden": <Filter className="size-4" aria-hidden />,
  truncated: <Info className="size-4" aria-hidden />,
  "tiles-failed": <AlertTriangle className="size-4" aria-hidden />,
  "location-denied": <LocateOff className="size-4" aria-hidden />,
  "location-unsupported": <LocateOff className="size-4" aria-hidden />,
  "fallback-centre": <Info className="size-4" aria-hidden />,
  limited: <Info className="size-4" aria-hidden />,
};

/** What the map has to say, as small banners over it (the map and its markers keep working). */
export function MapNotices({ notices, className }: { notices: readonly MapNotice[]; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn("pointer-events-none flex flex-col items-center gap-1.5", className)}
    >
      {notices.map((notice) => (
        <p
          key={notice.kind}
          data-notice={notice.kind}
          className={cn(
            "pointer-events-auto flex max-w-full items-center gap-2 rounded-pill border bg-surface/95 px-3 py-1.5 text-sm text-foreground shadow-md",
            (notice.kind === "error" || notice.kind === "tiles-failed") && "border-destructive/60",
          )}
        >
          {ICONS[notice.kind]}
          <span>{notice.text}</span>
          {notice.action ? (
            <Button size="sm" variant="link" onClick={notice.action.onClick} className="ml-1">
              {notice.action.label}
            </Button>
          ) : null}
        </p>
      ))}
    </div>
  );
}
