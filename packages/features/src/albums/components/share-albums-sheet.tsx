import { useRef, useState } from "react";
import { Link } from "react-router";
import { Images, Lock } from "lucide-react";
import type { MyAlbum } from "@vicinity/contract";
import {
  Button,
  EmptyState,
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  Skeleton,
} from "@vicinity/ui";
import { optimizedImageUrl, serverMessageOr, type AlbumPeer } from "@vicinity/features/shared";
import { useMemberAlbums, useMyAlbums, useShareAlbum, useUnshareAlbum } from "../api/albums";
import { picturesText } from "./album-chips";

const ROW_COVER = { w: 96, h: 96, q: 75 } as const;

export interface ShareAlbumsSheetProps {
  /** The member of the chat: he sees what I share, while I share it. */
  peer: AlbumPeer;
  onClose: () => void;
}

/** From the chat's composer (open while mounted): my albums, each shared with him or not, one tap either way. */
export function ShareAlbumsSheet({ peer, onClose }: ShareAlbumsSheetProps) {
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="bottom" className="sm:bottom-4 sm:mx-auto sm:max-w-xl sm:rounded-b-xl">
        <SheetHeader className="px-0">
          <SheetTitle>Share a private album with {peer.name}</SheetTitle>
          <SheetDescription>He sees it until you unshare it. Sharing sends him a notification.</SheetDescription>
        </SheetHeader>
        <SheetBody peer={peer} />
      </SheetContent>
    </Sheet>
  );
}

function SheetBody({ peer }: { peer: AlbumPeer }) {
  const mine = useMyAlbums();
  const between = useMemberAlbums(peer.id);
  if (mine.status === "pending" || between.status === "pending")
    return (
      <div aria-busy="true" className="grid gap-2" data-testid="share-albums-loading">
        <span className="sr-only" role="status">
          Loading your albums…
        </span>
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-14 rounded-lg" />
        ))}
      </div>
    );
  if (mine.status === "error" || between.status === "error")
    return (
      <EmptyState
        level={3}
        title="Your albums could not be loaded"
        description={serverMessageOr(mine.error ?? between.error, "Check your connection and try again.")}
        action={
          <Button
            variant="outline"
            onClick={() => void Promise.all([mine.isError && mine.refetch(), between.isError && between.refetch()])}
          >
            Try again
          </Button>
        }
      />
    );
  if (mine.data.length === 0)
    return (
      <EmptyState
        level={3}
        icon={<Images />}
        title="No private albums yet"
        description="Keep pictures that are not for your profile in an album, and share it with one man at a time."
        action={
          <Button asChild>
            <Link to="/albums">Create an album</Link>
          </Button>
        }
      />
    );
  const shared = new Set(between.data.sharedByMe);
  return (
    <div className="grid gap-3">
      <ul aria-label="Your private albums" className="grid gap-2">
        {mine.data.map((album) => (
          <ShareRow key={album.id} album={album} peer={peer} shared={shared.has(album.id)} />
        ))}
      </ul>
      <Button variant="link" asChild className="justify-self-start">
        <Link to="/albums">Manage your albums</Link>
      </Button>
    </div>
  );
}

function ShareRow({ album, peer, shared }: { album: MyAlbum; peer: AlbumPeer; shared: boolean }) {
  const share = useShareAlbum(album.id, peer.id);
  const unshare = useUnshareAlbum(album.id, peer.id);
  // The last refusal, said under the row until he tries again.
  const [error, setError] = useState<string | null>(null);
  const cover = album.pictures[0];
  const busy = share.isPending || unshare.isPending;
  const toggle = () => {
    setError(null);
    const onError = (e: unknown) =>
      setError(
        serverMessageOr(e, shared ? "The album was not unshared. Try again." : "The album was not shared. Try again."),
      );
    if (shared) unshare.mutate(undefined, { onError });
    else share.mutate(undefined, { onError });
  };
  return (
    <li className="grid gap-1 rounded-lg border border-border p-2" data-shared={shared}>
      <div className="flex items-center gap-3">
        {cover ? (
          <img
            src={optimizedImageUrl(cover.url, ROW_COVER)}
            alt=""
            width={48}
            height={48}
            className="size-12 shrink-0 rounded-md bg-muted object-cover"
            decoding="async"
          />
        ) : (
          <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-muted">
            <Lock aria-hidden className="size-5 text-muted-foreground" />
          </span>
        )}
        <div className="grid min-w-0 flex-1">
          <span className="truncate font-semibold">{album.name}</span>
          <span className="text-xs text-muted-foreground">
            {picturesText(album.pictures.length)}
            {shared ? ` · Shared with ${peer.name}` : ""}
          </span>
        </div>
        <Button
          size="sm"
          variant={shared ? "outline" : "primary"}
          className="shrink-0"
          aria-label={shared ? `Unshare ${album.name}` : `Share ${album.name}`}
          busy={busy}
          busyLabel={unshare.isPending ? "Unsharing..." : "Sharing..."}
          onClick={toggle}
        >
          {shared ? "Unshare" : "Share"}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive-text">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** The composer's button that opens the sheet (the chat's composer action). */
export function ShareAlbumsButton({ peer }: { peer: AlbumPeer }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="shrink-0 rounded-full text-muted-foreground hover:text-foreground"
        aria-label="Private albums"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Lock aria-hidden className="size-5" />
      </Button>
      {open ? (
        <ShareAlbumsSheet
          peer={peer}
          onClose={() => {
            setOpen(false);
            // The sheet leaves with its focus trap: the focus comes back to the button, not to the page's top.
            requestAnimationFrame(() => button.current?.focus());
          }}
        />
      ) : null}
    </>
  );
}
