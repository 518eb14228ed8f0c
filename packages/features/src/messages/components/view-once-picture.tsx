import { useEffect, useState, type ReactNode } from "react";
import { Eye, EyeOff } from "lucide-react";
import { VIEW_ONCE_SECONDS, type OpenedPicture } from "@vicinity/contract";
import { Dialog, DialogContent, DialogDescription, DialogTitle, Progress, cn } from "@vicinity/ui";
import { ApiError, optimizedImageUrl, serverMessageOr, useNow } from "@vicinity/features/shared";
import { useOpenViewOncePicture } from "../api/conversations";

/** The viewer shows it at most this wide (a phone's screen, twice as dense). */
const VIEWER_VARIANT = { w: 1080, q: 85 } as const;

export interface ViewOncePictureProps {
  conversationId: string;
  messageId: number;
  mine: boolean;
  /** When the member it was sent to opened it; null: not yet. */
  openedAt: string | null;
  peerName: string;
}

/**
 * A picture that can be seen once (issue 38, decisions/0047), in its bubble: the member it was sent to taps to open
 * it, sees it for VIEW_ONCE_SECONDS, and then only "Opened"; its sender sees whether it was opened.
 */
export function ViewOncePicture({ conversationId, messageId, mine, openedAt, peerName }: ViewOncePictureProps) {
  const open = useOpenViewOncePicture(conversationId, messageId);
  /** The one showing this bubble got (kept once closed: it was opened). */
  const [shown, setShown] = useState<OpenedPicture | null>(null);
  const [closed, setClosed] = useState(false);
  // Opened: as the thread says (live too), or as this bubble just learned (opened now, or the server's 409).
  const openedHere = shown !== null || (open.error instanceof ApiError && open.error.status === 409);
  const opened = openedAt !== null || openedHere;
  const failed = open.error !== null && !opened;

  const tile = (icon: ReactNode, title: string, detail: string) => (
    <span className="flex items-center gap-3 px-3 py-3 text-left">
      <span
        aria-hidden
        className={cn(
          "flex size-10 shrink-0 items-center justify-center rounded-full",
          mine ? "bg-accent-foreground/15" : "bg-foreground/10",
        )}
      >
        {icon}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold">{title}</span>
        <span className={cn("text-xs", mine ? "text-accent-foreground" : "text-muted-foreground")}>{detail}</span>
      </span>
    </span>
  );

  if (mine)
    return (
      <div data-testid="view-once-picture" data-opened={opened}>
        {opened
          ? tile(<EyeOff className="size-5" />, "Opened", "Your picture was seen once")
          : tile(<Eye className="size-5" />, "Picture · view once", "Not opened yet")}
      </div>
    );

  // Opened (its showing may still run): never a second time.
  if (opened)
    return (
      <div data-testid="view-once-picture" data-opened="true">
        {tile(<EyeOff className="size-5" />, "Opened", "Pictures sent view once can be seen once")}
        {shown && !closed ? (
          <ViewOnceViewer picture={shown} peerName={peerName} onClose={() => setClosed(true)} />
        ) : null}
      </div>
    );

  return (
    <div data-testid="view-once-picture" data-opened={opened}>
      <button
        type="button"
        className="block w-full cursor-pointer rounded-xl hover:bg-foreground/5 focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-wait"
        disabled={open.isPending}
        aria-label={`Open the picture from ${peerName}: it can be seen once, for ${VIEW_ONCE_SECONDS} seconds`}
        onClick={() => open.mutate(undefined, { onSuccess: setShown })}
      >
        {tile(
          <Eye className="size-5" />,
          open.isPending ? "Opening..." : "Tap to view",
          `Picture · view once, for ${VIEW_ONCE_SECONDS} seconds`,
        )}
      </button>
      {failed ? (
        <p role="alert" className="px-3 pb-2 text-xs text-destructive-text">
          {serverMessageOr(open.error, "The picture couldn't be opened. Try again.")}
        </p>
      ) : null}
    </div>
  );
}

export interface ViewOnceViewerProps {
  picture: OpenedPicture;
  peerName: string;
  onClose: () => void;
}

/** The one showing: full screen, a bar counting down to `closesAt`, then closed for good. */
export function ViewOnceViewer({ picture, peerName, onClose }: ViewOnceViewerProps) {
  const now = useNow(200);
  const closesAt = Date.parse(picture.closesAt);
  const left = Math.max(0, closesAt - now);
  useEffect(() => {
    const timer = setTimeout(onClose, Math.max(0, closesAt - Date.now()));
    return () => clearTimeout(timer);
  }, [closesAt, onClose]);
  const seconds = Math.ceil(left / 1000);
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent
        closeLabel="Close the picture"
        className="h-[100dvh] max-h-none w-screen max-w-none content-start gap-3 rounded-none border-0 bg-black p-3 text-white sm:p-4"
        onContextMenu={(event) => event.preventDefault()}
      >
        <div className="flex items-center gap-3 pr-12">
          <DialogTitle className="text-base text-white">Picture from {peerName}</DialogTitle>
          <span className="ml-auto text-sm tabular-nums" aria-hidden data-testid="view-once-seconds">
            {seconds} s
          </span>
        </div>
        <Progress
          value={(left / (VIEW_ONCE_SECONDS * 1000)) * 100}
          aria-label="Time left to see the picture"
          className="h-1"
        />
        <DialogDescription className="sr-only">
          It closes after {VIEW_ONCE_SECONDS} seconds and can't be opened again.
        </DialogDescription>
        <div className="flex min-h-0 items-center justify-center">
          <img
            src={optimizedImageUrl(picture.url, VIEWER_VARIANT)}
            alt={`Picture from ${peerName}, seen once`}
            width={picture.width || undefined}
            height={picture.height || undefined}
            draggable={false}
            className="max-h-[calc(100dvh-6rem)] w-auto max-w-full object-contain select-none"
            data-testid="view-once-image"
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
