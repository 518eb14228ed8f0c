import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Images, Lock, Plus } from "lucide-react";
import { ALBUMS_MAX, type MyAlbum } from "@vicinity/contract";
import { Button, EmptyState, Skeleton } from "@vicinity/ui";
import { optimizedImageUrl, serverMessageOr } from "@vicinity/features/shared";
import { useCreateAlbum, useMyAlbums } from "../api/albums";
import { picturesText } from "./album-chips";
import { AlbumEditor } from "./album-editor";
import { AlbumNameDialog } from "./album-name-dialog";

/** Cards are at most about 240 px wide: one variant for all (album pictures are rendered on demand). */
const CARD_COVER = { w: 320, h: 320, q: 75 } as const;
export const ALBUMS_PURPOSE = "Pictures you share one at a time, never on your profile.";

export interface AlbumsPageProps {
  /** Stories pass the album; the app reads it from /albums/:albumId. */
  albumId?: string;
}

/** /albums and /albums/:albumId: his private albums, and the one he is editing. */
export function AlbumsPage({ albumId }: AlbumsPageProps) {
  const params = useParams();
  const id = albumId ?? params.albumId;
  if (id) return <AlbumEditor albumId={id} />;
  return <AlbumsList />;
}

const sharedText = (n: number) => (n === 0 ? "Not shared" : `Shared with ${n}`);

function AlbumCard({ album }: { album: MyAlbum }) {
  const cover = album.pictures[0];
  return (
    <li>
      <Link
        to={`/albums/${encodeURIComponent(album.id)}`}
        className="group grid overflow-hidden rounded-lg border border-border bg-surface-raised transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {cover ? (
          <img
            src={optimizedImageUrl(cover.url, CARD_COVER)}
            alt=""
            width={CARD_COVER.w}
            height={CARD_COVER.h}
            className="aspect-square w-full bg-muted object-cover"
            decoding="async"
          />
        ) : (
          <span className="flex aspect-square w-full items-center justify-center bg-muted">
            <Lock aria-hidden className="size-8 text-muted-foreground" />
          </span>
        )}
        <span className="grid gap-0.5 p-2.5">
          <span className="truncate font-semibold">{album.name}</span>
          <span className="text-xs text-muted-foreground">{picturesText(album.pictures.length)}</span>
          <span className="text-xs text-muted-foreground">{sharedText(album.sharedWith)}</span>
        </span>
      </Link>
    </li>
  );
}

function AlbumsList() {
  const albums = useMyAlbums();
  const create = useCreateAlbum();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const full = albums.isSuccess && albums.data.length >= ALBUMS_MAX;
  const newAlbum = (variant: "primary" | "outline") => (
    <Button
      variant={variant}
      onClick={() => {
        create.reset();
        setCreating(true);
      }}
      disabled={!albums.isSuccess || full}
      aria-haspopup="dialog"
    >
      <Plus aria-hidden /> New album
    </Button>
  );

  return (
    <main className="mx-auto grid w-full max-w-3xl flex-1 content-start gap-4 px-3 py-4 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="font-display text-2xl font-bold sm:text-3xl">Private albums</h1>
          <p className="text-sm text-muted-foreground">{ALBUMS_PURPOSE}</p>
        </div>
        {albums.isSuccess && albums.data.length > 0 ? newAlbum("outline") : null}
      </header>
      {albums.status === "pending" ? (
        <div aria-busy="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="albums-loading">
          <span className="sr-only" role="status">
            Loading your albums…
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-[4/5] w-full rounded-lg" />
          ))}
        </div>
      ) : albums.status === "error" ? (
        <EmptyState
          title="Your albums could not be loaded"
          description={
            <span role="alert">{serverMessageOr(albums.error, "Check your connection and try again.")}</span>
          }
          action={
            <Button variant="outline" onClick={() => void albums.refetch()} busy={albums.isFetching}>
              Try again
            </Button>
          }
        />
      ) : albums.data.length === 0 ? (
        <EmptyState
          icon={<Images />}
          title="No private albums yet"
          description="Keep pictures that are not for your profile in an album. Share it from a chat with one man at a time, and take it back whenever you like."
          action={newAlbum("primary")}
        />
      ) : (
        <>
          <ul aria-label="Your albums" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {albums.data.map((album) => (
              <AlbumCard key={album.id} album={album} />
            ))}
          </ul>
          <p className="text-xs text-muted-foreground" data-testid="albums-count">
            {full
              ? `You have ${ALBUMS_MAX} albums, the most you can have. Delete one to make another.`
              : `${albums.data.length} of ${ALBUMS_MAX} albums.`}
          </p>
        </>
      )}
      {creating ? (
        <AlbumNameDialog
          title="New album"
          description="Only you see its name, and those you share it with."
          submitLabel="Create"
          busyLabel="Creating..."
          busy={create.isPending}
          error={create.isError ? serverMessageOr(create.error, "The album was not created. Try again.") : null}
          onClose={() => setCreating(false)}
          onSubmit={(name) =>
            create.mutate(name, {
              onSuccess: (album) => {
                setCreating(false);
                void navigate(`/albums/${encodeURIComponent(album.id)}`);
              },
            })
          }
        />
      ) : null}
    </main>
  );
}
