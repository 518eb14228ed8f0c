import { useEffect, useRef, useState } from "react";
import { ChevronLeft, ChevronRight, Flag } from "lucide-react";
import type { Album } from "@vicinity/contract";
import { Button, Dialog, DialogContent, DialogDescription, DialogTitle, toast } from "@vicinity/ui";
import { optimizedImageUrl, ReportContentDialog } from "@vicinity/features/shared";
import { useMemberAlbums, useReportAlbumPicture } from "../api/albums";

/** Album pictures are rendered on demand (never pre-rendered): few widths, so each is rendered once and reused. */
const VIEWER_WIDTHS = [640, 1280, 1920] as const;
export const ALBUM_GONE_MESSAGE = "This album is no longer shared with you.";
export const ALBUM_EMPTIED_MESSAGE = "This album has no pictures any more.";

export interface AlbumViewerProps {
  /** Whose album it is: the viewer shows it while he shares it with me. */
  memberId: string;
  albumId: string;
  /** The picture shown first (0-based). */
  startAt?: number;
  onClose: () => void;
}

/**
 * His album, one picture at a time, full screen: previous and next (buttons and arrow keys), Escape closes. Open
 * while mounted. When he stops sharing it (it leaves the answer of GET /api/users/:id/albums), it closes itself
 * and says so.
 */
export function AlbumViewer({ memberId, albumId, startAt = 0, onClose }: AlbumViewerProps) {
  const albums = useMemberAlbums(memberId);
  const album = albums.data?.sharedWithMe.find((a) => a.id === albumId) ?? null;
  const gone = !albums.isSuccess ? null : album === null ? "unshared" : album.pictures.length === 0 ? "emptied" : null;
  useEffect(() => {
    if (!gone) return;
    toast({ title: gone === "unshared" ? ALBUM_GONE_MESSAGE : ALBUM_EMPTIED_MESSAGE });
    onClose();
  }, [gone, onClose]);
  if (!album || gone) return null;
  return <AlbumViewerDialog memberId={memberId} album={album} startAt={startAt} onClose={onClose} />;
}

/** "Report" on the picture shown: the moderators get this picture (kept for them even if he takes it out). */
function ReportPicture({ memberId, mediaId }: { memberId: string; mediaId: string }) {
  const [open, setOpen] = useState(false);
  const report = useReportAlbumPicture(memberId, mediaId);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="ml-auto shrink-0 text-white/80 hover:bg-white/10 hover:text-white"
        onClick={() => {
          report.reset();
          setOpen(true);
        }}
      >
        <Flag aria-hidden /> Report
      </Button>
      <ReportContentDialog
        open={open}
        onOpenChange={setOpen}
        title="Report this picture"
        description="Our moderators see this picture and your note. He isn't told who reported it."
        thanks="Thanks. Our moderators will look at this picture."
        report={report}
      />
    </>
  );
}

function AlbumViewerDialog({
  memberId,
  album,
  startAt,
  onClose,
}: {
  memberId: string;
  album: Album;
  startAt: number;
  onClose: () => void;
}) {
  const count = album.pictures.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(startAt, 0), count - 1));
  // A picture taken out while he looks: stay within the album.
  const shown = Math.min(index, count - 1);
  const picture = album.pictures[shown];
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const go = (offset: -1 | 1) => {
    const to = Math.min(Math.max(shown + offset, 0), count - 1);
    setIndex(to);
    // The button pressed turns off at either end: the focus goes to the other one, not to the page.
    if (to === count - 1 && document.activeElement === next.current) refocus.current = previous;
    if (to === 0 && document.activeElement === previous.current) refocus.current = next;
  };
  const refocus = useRef<typeof next | null>(null);
  useEffect(() => {
    refocus.current?.current?.focus();
    refocus.current = null;
  }, [shown]);
  const goRef = useRef(go);
  useEffect(() => {
    goRef.current = go;
  });
  // The arrow keys turn the pictures wherever the focus is: the viewer is modal, the keys are its own.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      event.preventDefault();
      goRef.current(event.key === "ArrowLeft" ? -1 : 1);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
  const position = `${shown + 1} of ${count}`;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="top-0 left-0 flex h-dvh max-h-none w-full max-w-none translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none border-0 bg-black p-0 text-white"
        data-testid="album-viewer"
      >
        <header className="flex items-center gap-3 py-3 pr-14 pl-[max(1rem,env(safe-area-inset-left))]">
          <DialogTitle className="min-w-0 truncate text-base font-semibold">{album.name}</DialogTitle>
          <DialogDescription className="shrink-0 text-sm text-white/70 tabular-nums" aria-live="polite">
            {position}
          </DialogDescription>
          {picture ? <ReportPicture key={picture.id} memberId={memberId} mediaId={picture.id} /> : null}
        </header>
        <div className="relative min-h-0 flex-1">
          {picture ? (
            <img
              key={picture.id}
              src={optimizedImageUrl(picture.url, { w: 1280, q: 85 })}
              srcSet={VIEWER_WIDTHS.map((w) => `${optimizedImageUrl(picture.url, { w, q: 85 })} ${w}w`).join(", ")}
              sizes="100vw"
              width={picture.width || undefined}
              height={picture.height || undefined}
              alt={`${album.name}, picture ${position}`}
              // The box is the screen's, whatever the picture: nothing moves while it loads.
              className="absolute inset-0 size-full object-contain"
              decoding="async"
              data-testid="album-viewer-picture"
            />
          ) : null}
          <Button
            variant="ghost"
            size="icon"
            className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-black/50 text-white hover:bg-black/70 hover:text-white"
            ref={previous}
            aria-label="Previous picture"
            disabled={shown === 0}
            onClick={() => go(-1)}
          >
            <ChevronLeft aria-hidden className="size-6" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-black/50 text-white hover:bg-black/70 hover:text-white"
            ref={next}
            aria-label="Next picture"
            disabled={shown === count - 1}
            onClick={() => go(1)}
          >
            <ChevronRight aria-hidden className="size-6" />
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
