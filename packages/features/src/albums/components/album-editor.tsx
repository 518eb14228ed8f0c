import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ChevronLeft, ImagePlus, Pencil, Trash2, Upload, Users, X } from "lucide-react";
import { ALBUM_PICTURES_MAX, MEDIA_MAX_BYTES, type AlbumShare, type MyAlbum } from "@vicinity/contract";
import { Alert, Avatar, Button, EmptyState, Progress, Skeleton, toast } from "@vicinity/ui";
import {
  ApiError,
  avatarUrl,
  ConfirmDialog,
  optimizedImageUrl,
  PHOTO_ACCEPT,
  photoFileProblem,
  serverMessageOr,
  timeAgo,
} from "@vicinity/features/shared";
import {
  useAddAlbumPicture,
  useAlbumShares,
  useDeleteAlbum,
  useMyAlbums,
  useRemoveAlbumPicture,
  useRenameAlbum,
  useUnshareAlbum,
} from "../api/albums";
import { picturesText } from "./album-chips";
import { AlbumNameDialog } from "./album-name-dialog";

/** Tiles are at most about 240 px wide: one variant for all (album pictures are rendered on demand). */
const TILE = { w: 320, h: 320, q: 75 } as const;

/** A picture on its way into the album: waiting its turn, going up, or refused (with why). */
export interface AlbumUpload {
  key: number;
  file: File;
  phase: "waiting" | "uploading" | "failed";
  progress: number | null;
  message?: string;
  /** The failure may pass (the network, the server's hiccup): Try again. */
  canRetry?: boolean;
}

const mayPass = (error: unknown) =>
  !(error instanceof ApiError) || error.status >= 500 || error.status === 429 || error.status === 408;

export interface AlbumEditorProps {
  albumId: string;
}

/** /albums/:albumId: one of his albums: its pictures (add, take out), its name, who sees it; delete it. */
export function AlbumEditor({ albumId }: AlbumEditorProps) {
  const albums = useMyAlbums();
  // Held here, not in the header: deleting takes the album out of the list, and the header with it; this page stays
  // to finish (the toast, the way back) instead of showing "Album not found".
  const remove = useDeleteAlbum(albumId);
  const back = (
    <Button variant="ghost" size="sm" asChild className="justify-self-start">
      <Link to="/albums">
        <ChevronLeft aria-hidden /> All albums
      </Link>
    </Button>
  );
  const frame = "mx-auto grid w-full max-w-3xl flex-1 content-start gap-5 px-3 py-4 sm:px-6 sm:py-8";
  if (albums.status === "pending")
    return (
      <main className={frame} aria-busy="true">
        <p role="status" className="sr-only">
          Loading the album…
        </p>
        {back}
        <Skeleton className="h-8 w-1/2" />
        <div className="grid grid-cols-3 gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-square w-full rounded-lg" />
          ))}
        </div>
      </main>
    );
  if (albums.status === "error")
    return (
      <main className={frame}>
        {back}
        <EmptyState
          title="The album could not be loaded"
          description={
            <span role="alert">{serverMessageOr(albums.error, "Check your connection and try again.")}</span>
          }
          action={
            <Button variant="outline" onClick={() => void albums.refetch()} busy={albums.isFetching}>
              Try again
            </Button>
          }
        />
      </main>
    );
  const album = albums.data.find((a) => a.id === albumId);
  // Deleted (or being: the list already lacks it): nothing, until the way back.
  if (remove.isSuccess || (remove.isPending && !album)) return null;
  if (!album)
    return (
      <main className={frame}>
        {back}
        <EmptyState
          title="Album not found"
          description="It may have been deleted."
          action={
            <Button asChild>
              <Link to="/albums">All albums</Link>
            </Button>
          }
        />
      </main>
    );
  return (
    <main className={frame}>
      {back}
      <AlbumHeader album={album} remove={remove} />
      <PicturesSection album={album} />
      <SharesSection albumId={album.id} />
    </main>
  );
}

function AlbumHeader({ album, remove }: { album: MyAlbum; remove: ReturnType<typeof useDeleteAlbum> }) {
  const navigate = useNavigate();
  const rename = useRenameAlbum(album.id);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const count = album.pictures.length;
  return (
    <header className="grid gap-3">
      <div className="grid gap-1">
        <h1 className="font-display text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl">{album.name}</h1>
        <p className="text-sm text-muted-foreground">
          {picturesText(count)} · {album.sharedWith === 0 ? "Not shared" : `Shared with ${album.sharedWith}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-haspopup="dialog"
          onClick={() => {
            rename.reset();
            setRenaming(true);
          }}
        >
          <Pencil aria-hidden /> Rename
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive-text"
          aria-haspopup="dialog"
          onClick={() => {
            remove.reset();
            setDeleting(true);
          }}
        >
          <Trash2 aria-hidden /> Delete album
        </Button>
      </div>
      {renaming ? (
        <AlbumNameDialog
          title="Rename album"
          description="Those you share it with see the new name."
          submitLabel="Save"
          busyLabel="Saving..."
          initialName={album.name}
          busy={rename.isPending}
          error={rename.isError ? serverMessageOr(rename.error, "The album was not renamed. Try again.") : null}
          onClose={() => setRenaming(false)}
          onSubmit={(name) => rename.mutate(name, { onSuccess: () => setRenaming(false) })}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${album.name}?`}
          description={
            album.sharedWith > 0
              ? `Its ${picturesText(count)} are deleted, and the ${album.sharedWith === 1 ? "member" : `${album.sharedWith} members`} you share it with no longer see it.`
              : `Its ${picturesText(count)} are deleted. This can't be undone.`
          }
          keepLabel="Keep it"
          actLabel="Delete album"
          busyLabel="Deleting..."
          busy={remove.isPending}
          error={remove.isError ? serverMessageOr(remove.error, "The album was not deleted. Try again.") : null}
          onClose={() => setDeleting(false)}
          onAct={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                toast({ title: `${album.name} deleted` });
                void navigate("/albums", { replace: true });
              },
            })
          }
        />
      ) : null}
    </header>
  );
}

function PicturesSection({ album }: { album: MyAlbum }) {
  const add = useAddAlbumPicture(album.id);
  const remove = useRemoveAlbumPicture(album.id);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [uploads, setUploads] = useState<AlbumUpload[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: string; n: number } | null>(null);
  const nextKey = useRef(0);
  const controllers = useRef(new Map<number, AbortController>());
  // Which uploads were started: an effect run twice (React's strict mode) does not send a picture twice.
  const started = useRef(new Set<number>());
  const pending = uploads.filter((u) => u.phase !== "failed").length;
  const room = ALBUM_PICTURES_MAX - album.pictures.length - pending;
  const full = album.pictures.length >= ALBUM_PICTURES_MAX;

  // Leaving the page: the uploads under way stop.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  // One upload at a time, in the order chosen (the album keeps its pictures in the order they arrive).
  const { mutateAsync } = add;
  const uploading = uploads.some((u) => u.phase === "uploading");
  const next = uploads.find((u) => u.phase === "waiting");
  useEffect(() => {
    if (uploading || !next || started.current.has(next.key)) return;
    const { key, file } = next;
    started.current.add(key);
    const controller = new AbortController();
    controllers.current.set(key, controller);
    const update = (change: Partial<AlbumUpload>) =>
      setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
    update({ phase: "uploading", progress: 0 });
    mutateAsync({ file, signal: controller.signal, onProgress: (progress) => update({ progress }) }).then(
      () => {
        controllers.current.delete(key);
        setUploads((list) => list.filter((u) => u.key !== key));
      },
      (error: unknown) => {
        controllers.current.delete(key);
        if (controller.signal.aborted) return;
        update({
          phase: "failed",
          message: serverMessageOr(error, "The picture was not added. Check your connection and try again."),
          canRetry: mayPass(error),
        });
      },
    );
  }, [uploading, next, mutateAsync]);

  const choose = (files: File[]) => {
    setNotice(null);
    const added: AlbumUpload[] = [];
    let left = room;
    let refused = 0;
    for (const file of files) {
      const problem = photoFileProblem(file);
      const key = (nextKey.current += 1);
      if (problem) added.push({ key, file, phase: "failed", progress: null, message: problem });
      else if (left <= 0) refused += 1;
      else {
        left -= 1;
        added.push({ key, file, phase: "waiting", progress: null });
      }
    }
    if (refused > 0)
      setNotice(
        `An album holds at most ${ALBUM_PICTURES_MAX} pictures: ${refused === 1 ? "1 picture was" : `${refused} pictures were`} not added.`,
      );
    setUploads((list) => [...list, ...added]);
  };

  return (
    <section aria-labelledby="pictures-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="pictures-heading" className="text-lg font-semibold">
          Pictures
        </h2>
        <span className="text-sm text-muted-foreground tabular-nums" data-testid="picture-count">
          {album.pictures.length} of {ALBUM_PICTURES_MAX}
        </span>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple
        hidden
        data-testid="album-file-input"
        aria-label="Choose pictures to add"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared, so choosing the same files again (after a failure) fires again.
          event.target.value = "";
          if (files.length > 0) choose(files);
        }}
      />
      {notice ? <Alert>{notice}</Alert> : null}
      {album.pictures.length === 0 && uploads.length === 0 ? (
        <EmptyState
          level={3}
          className="rounded-lg border border-dashed border-border py-8"
          icon={<ImagePlus />}
          title="No pictures yet"
          description="Add the pictures you want to show one man at a time. They never show on your profile."
        />
      ) : (
        <ol aria-label="Pictures in this album" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {album.pictures.map((picture, i) => (
            <li key={picture.id} className="relative overflow-hidden rounded-lg" data-testid="album-picture">
              <img
                src={optimizedImageUrl(picture.url, TILE)}
                alt={`Picture ${i + 1}`}
                width={TILE.w}
                height={TILE.h}
                className="aspect-square w-full bg-muted object-cover"
                decoding="async"
              />
              <Button
                variant="ghost"
                size="icon"
                className="absolute top-1 right-1 size-8 rounded-full bg-black/60 text-white hover:bg-black/80 hover:text-white"
                aria-label={`Remove picture ${i + 1}`}
                aria-haspopup="dialog"
                onClick={() => {
                  remove.reset();
                  setRemoving({ id: picture.id, n: i + 1 });
                }}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
          {uploads.map((upload) => (
            <li key={upload.key}>
              <UploadTile
                upload={upload}
                onRetry={() => {
                  started.current.delete(upload.key);
                  setUploads((list) =>
                    list.map((u) =>
                      u.key === upload.key ? { ...u, phase: "waiting", progress: null, message: undefined } : u,
                    ),
                  );
                }}
                onDismiss={() => setUploads((list) => list.filter((u) => u.key !== upload.key))}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <Button
          variant={album.pictures.length === 0 ? "primary" : "secondary"}
          onClick={() => inputRef.current?.click()}
          disabled={room <= 0}
          aria-describedby={hintId}
          className="sm:justify-self-start"
        >
          <ImagePlus aria-hidden /> Add pictures
        </Button>
        <p id={hintId} className="text-xs text-muted-foreground" data-testid="pictures-hint">
          {full
            ? `This album has ${ALBUM_PICTURES_MAX} pictures, the most it can hold. Remove one to add another.`
            : `JPEG, PNG, WebP or AVIF, up to ${MEDIA_MAX_BYTES / 1024 / 1024} MB each. Location data is removed.`}
        </p>
      </div>
      {removing ? (
        <ConfirmDialog
          title={`Remove picture ${removing.n}?`}
          description="It is deleted, and no one you share the album with sees it any more."
          keepLabel="Keep it"
          actLabel="Remove"
          busyLabel="Removing..."
          busy={remove.isPending}
          error={remove.isError ? serverMessageOr(remove.error, "The picture was not removed. Try again.") : null}
          onClose={() => setRemoving(null)}
          onAct={() => remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        />
      ) : null}
    </section>
  );
}

/** A picture on its way: waiting, its progress, or why it failed with Try again and Dismiss. */
export function UploadTile({
  upload,
  onRetry,
  onDismiss,
}: {
  upload: AlbumUpload;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  if (upload.phase === "failed")
    return (
      <div
        className="flex aspect-square flex-col justify-between gap-1.5 overflow-hidden rounded-lg border border-destructive/60 bg-destructive/10 p-2"
        data-testid="album-upload"
        data-phase="failed"
      >
        <div className="grid min-h-0 gap-1 overflow-y-auto">
          <p className="truncate text-xs font-semibold" title={upload.file.name}>
            {upload.file.name}
          </p>
          <p role="alert" className="text-xs font-medium break-words text-destructive-text">
            {upload.message}
          </p>
        </div>
        <div className="grid gap-1">
          {upload.canRetry ? (
            <Button size="sm" variant="secondary" className="h-7 px-2 text-xs" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      </div>
    );
  const status =
    upload.phase === "waiting"
      ? "Waiting..."
      : upload.progress === null
        ? "Uploading..."
        : `Uploading... ${upload.progress}%`;
  return (
    <div
      className="flex aspect-square flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-accent/60 bg-accent/5 p-2 text-center"
      data-testid="album-upload"
      data-phase={upload.phase}
    >
      <Upload className="size-5 text-accent-text" aria-hidden />
      <p className="w-full truncate text-xs font-semibold" title={upload.file.name}>
        {upload.file.name}
      </p>
      <Progress
        value={upload.phase === "waiting" ? 0 : upload.progress}
        aria-label={`Uploading ${upload.file.name}`}
        size="sm"
      />
      <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

function SharesSection({ albumId }: { albumId: string }) {
  const shares = useAlbumShares(albumId);
  return (
    <section aria-labelledby="shares-heading" className="grid gap-3">
      <h2 id="shares-heading" className="text-lg font-semibold">
        Shared with
      </h2>
      {shares.status === "pending" ? (
        <div aria-busy="true" className="grid gap-2">
          <span className="sr-only" role="status">
            Loading who sees it…
          </span>
          <Skeleton className="h-14 rounded-lg" />
        </div>
      ) : shares.status === "error" ? (
        <div className="grid gap-2">
          <Alert>{serverMessageOr(shares.error, "Who sees it could not be loaded.")}</Alert>
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={() => void shares.refetch()}
            busy={shares.isFetching}
          >
            Try again
          </Button>
        </div>
      ) : shares.data.length === 0 ? (
        <EmptyState
          level={3}
          className="rounded-lg border border-dashed border-border py-6"
          icon={<Users />}
          title="Not shared with anyone"
          description="Share it from a chat: the lock button beside the message field."
        />
      ) : (
        <ul aria-label="Members who see this album" className="grid gap-2">
          {shares.data.map((share) => (
            <ShareRow key={share.memberId} albumId={albumId} share={share} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ShareRow({ albumId, share }: { albumId: string; share: AlbumShare }) {
  const unshare = useUnshareAlbum(albumId, share.memberId);
  return (
    <li className="flex items-center gap-3 rounded-lg border border-border p-2">
      <Avatar name={share.name} src={share.avatarUrl ? avatarUrl(share.avatarUrl) : undefined} size="md" />
      <div className="grid min-w-0 flex-1">
        <Link to={`/members/${encodeURIComponent(share.memberId)}`} className="truncate font-semibold hover:underline">
          {share.name}
        </Link>
        <span className="text-xs text-muted-foreground">Shared {timeAgo(share.sharedAt)}</span>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Unshare with ${share.name}`}
        busy={unshare.isPending}
        busyLabel="Unsharing..."
        onClick={() =>
          unshare.mutate(undefined, {
            onSuccess: () => toast({ title: `${share.name} no longer sees this album` }),
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "The album was not unshared",
                description: serverMessageOr(error, "Check your connection and try again."),
              }),
          })
        }
      >
        Unshare
      </Button>
    </li>
  );
}
