import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { ChevronLeft, ChevronRight, ImagePlus, Images, Star, Trash2, Upload } from "lucide-react";
import { MAX_PROFILE_PHOTOS, MEDIA_MAX_BYTES, type ProfilePhoto } from "@vicinity/contract";
import { Alert, Badge, Button, cn, EmptyState, Progress, Skeleton } from "@vicinity/ui";
import { optimizedImageUrl, PHOTO_ACCEPT } from "@vicinity/features/shared";
import type { PhotoUploadState } from "../model/use-photo-upload";
import { SettingsSection } from "./settings-section";

/** Tiles are at most about 240 px wide: one size serves every screen. */
const TILE_IMAGE = { w: 320, h: 320, q: 80 } as const;

const photoLabel = (index: number) => (index === 0 ? "Photo 1, your main photo" : `Photo ${index + 1}`);

function PhotosCard({ count, children }: { count?: number; children: ReactNode }) {
  return (
    <SettingsSection
      id="photos"
      title="Photos"
      icon={<Images />}
      description="Your first photo is your main one: it shows on your card, in the grid and on the map."
      aside={
        count === undefined ? null : (
          <span className="text-sm text-muted-foreground tabular-nums" data-testid="photo-count">
            {count} of {MAX_PROFILE_PHOTOS}
          </span>
        )
      }
    >
      {children}
    </SettingsSection>
  );
}

export interface UploadTileProps {
  upload: PhotoUploadState;
  onRetry: () => void;
  onDismiss: () => void;
}

/** A picture on its way: its progress, or why it failed with Try again and Dismiss. */
export function UploadTile({ upload, onRetry, onDismiss }: UploadTileProps) {
  if (upload.phase === "failed") {
    return (
      <div
        className="flex aspect-square flex-col justify-between gap-2 overflow-hidden rounded-lg border border-destructive/60 bg-destructive/10 p-2.5"
        data-testid="upload-tile"
      >
        <div className="grid min-h-0 gap-1 overflow-y-auto">
          <p className="truncate text-xs font-semibold text-foreground" title={upload.fileName}>
            {upload.fileName}
          </p>
          <p role="alert" className="text-xs font-medium break-words text-destructive-text">
            {upload.message}
          </p>
        </div>
        <div className="grid gap-1.5">
          {upload.canRetry ? (
            <Button size="sm" variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      </div>
    );
  }
  const progress = upload.phase === "adding" ? 100 : upload.progress;
  const status =
    upload.phase === "adding"
      ? "Adding to your profile..."
      : progress === null
        ? "Uploading..."
        : `Uploading... ${progress}%`;
  return (
    <div
      className="flex aspect-square flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-accent/60 bg-accent/5 p-3 text-center"
      data-testid="upload-tile"
    >
      <Upload className="size-6 text-accent-text" aria-hidden />
      <p className="w-full truncate text-xs font-semibold" title={upload.fileName}>
        {upload.fileName}
      </p>
      <Progress value={progress} aria-label={`Uploading ${upload.fileName}`} size="sm" />
      <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

interface PhotoTileProps {
  photo: ProfilePhoto;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (offset: -1 | 1) => void;
  onMakeMain: () => void;
  onDelete: () => void;
}

/** Where the focus goes once a reorder has settled (the moved photo's same button, if usable). */
interface FocusRequest {
  id: string;
  action: "left" | "right" | "main";
}

function PhotoTile({ photo, index, count, disabled, onMove, onMakeMain, onDelete }: PhotoTileProps) {
  const [confirming, setConfirming] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  const n = index + 1;
  const isMain = index === 0;

  useEffect(() => {
    // Asking: the safe answer has the focus; answered "keep": back to Delete.
    if (confirming) keepRef.current?.focus();
    else if (wasConfirming.current) deleteRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  return (
    <li
      className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface-raised"
      data-testid="photo-tile"
      data-photo-id={photo.id}
    >
      <div className="relative">
        <img
          src={optimizedImageUrl(photo.url, TILE_IMAGE)}
          alt={photoLabel(index)}
          width={TILE_IMAGE.w}
          height={TILE_IMAGE.h}
          className="aspect-square w-full bg-muted object-cover"
          decoding="async"
        />
        {isMain ? (
          <Badge variant="accent" className="absolute top-2 left-2 shadow-sm">
            <Star aria-hidden className="fill-current" />
            Main
          </Badge>
        ) : null}
      </div>
      {confirming ? (
        <div className="grid gap-1.5 p-1.5" role="group" aria-label={`Delete photo ${n}?`}>
          <p className="text-center text-xs font-semibold">Delete this photo?</p>
          <div className="grid grid-cols-2 gap-1.5">
            <Button ref={keepRef} size="sm" variant="ghost" onClick={() => setConfirming(false)} disabled={disabled}>
              Keep
            </Button>
            <Button
              size="sm"
              variant="destructive"
              onClick={() => {
                setConfirming(false);
                onDelete();
              }}
              disabled={disabled}
              aria-label={`Yes, delete photo ${n}`}
            >
              Delete
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex items-center justify-between gap-1 p-1.5">
          <Button
            size="sm"
            variant="ghost"
            className="size-8 px-0"
            aria-label={`Move photo ${n} left`}
            data-action="left"
            disabled={disabled || index === 0}
            onClick={() => onMove(-1)}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="size-8 px-0"
            aria-label={`Move photo ${n} right`}
            data-action="right"
            disabled={disabled || index === count - 1}
            onClick={() => onMove(1)}
          >
            <ChevronRight aria-hidden />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="size-8 px-0"
            aria-label={isMain ? `Photo ${n} is your main photo` : `Make photo ${n} your main photo`}
            title={isMain ? "Main photo" : "Make main photo"}
            data-action="main"
            disabled={disabled || isMain}
            onClick={onMakeMain}
          >
            <Star aria-hidden className={cn(isMain && "fill-current text-accent-text")} />
          </Button>
          <Button
            ref={deleteRef}
            size="sm"
            variant="ghost"
            className="size-8 px-0 text-destructive-text"
            aria-label={`Delete photo ${n}`}
            disabled={disabled}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      )}
    </li>
  );
}

export interface PhotosSectionProps {
  /** His pictures, the main one first. */
  photos: ProfilePhoto[];
  /** A picture on its way, or the last one that failed. */
  upload: PhotoUploadState | null;
  /** A reorder or a deletion is under way: the controls wait. */
  busy: boolean;
  /** Why the last reorder or deletion failed. */
  error?: string | null;
  /** Said to screen readers after a change ("Photo 2 is now your main photo."). */
  announcement?: string;
  onChooseFile: (file: File) => void;
  onRetryUpload: () => void;
  onDismissUpload: () => void;
  onMove: (id: string, offset: -1 | 1) => void;
  onMakeMain: (id: string) => void;
  onDelete: (id: string) => void;
}

/** His profile pictures: add (with progress), reorder, choose the main one, delete. */
export function PhotosSection({
  photos,
  upload,
  busy,
  error,
  announcement = "",
  onChooseFile,
  onRetryUpload,
  onDismissUpload,
  onMove,
  onMakeMain,
  onDelete,
}: PhotosSectionProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const hintId = useId();
  const focusRequest = useRef<FocusRequest | null>(null);
  const uploading = upload !== null && upload.phase !== "failed";
  const full = photos.length >= MAX_PROFILE_PHOTOS;
  const canAdd = !full && !uploading;

  // After a move the buttons were disabled (and lost the focus): give it back to the moved photo.
  useEffect(() => {
    const request = focusRequest.current;
    if (busy || !request) return;
    focusRequest.current = null;
    const tile = listRef.current?.querySelector<HTMLElement>(`[data-photo-id="${CSS.escape(request.id)}"]`);
    const buttons = tile ? Array.from(tile.querySelectorAll<HTMLButtonElement>("button")) : [];
    const wanted = buttons.find((b) => b.dataset.action === request.action && !b.disabled);
    (wanted ?? buttons.find((b) => !b.disabled))?.focus();
  }, [busy, photos]);

  const addButton = (
    <Button
      variant={photos.length === 0 ? "primary" : "secondary"}
      onClick={() => inputRef.current?.click()}
      disabled={!canAdd}
      aria-describedby={hintId}
    >
      <ImagePlus aria-hidden />
      Add photo
    </Button>
  );

  return (
    <PhotosCard count={photos.length}>
      <input
        ref={inputRef}
        type="file"
        accept={PHOTO_ACCEPT}
        hidden
        data-testid="photo-file-input"
        aria-label="Choose a photo to upload"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again (after a failure) fires again.
          event.target.value = "";
          if (file) onChooseFile(file);
        }}
      />
      <div className="grid gap-4">
        {error ? <Alert>{error}</Alert> : null}
        {photos.length === 0 && !upload ? (
          <EmptyState
            level={3}
            className="rounded-lg border border-dashed border-border py-8"
            icon={<Images />}
            title="No photos yet"
            description="Members with a photo get far more messages. Add up to six; the first is your main one."
          />
        ) : (
          <ol ref={listRef} aria-label="Your photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {photos.map((photo, index) => (
              <PhotoTile
                key={photo.id}
                photo={photo}
                index={index}
                count={photos.length}
                disabled={busy}
                onMove={(offset) => {
                  focusRequest.current = { id: photo.id, action: offset < 0 ? "left" : "right" };
                  onMove(photo.id, offset);
                }}
                onMakeMain={() => {
                  focusRequest.current = { id: photo.id, action: "main" };
                  onMakeMain(photo.id);
                }}
                onDelete={() => onDelete(photo.id)}
              />
            ))}
            {upload ? (
              <li>
                <UploadTile upload={upload} onRetry={onRetryUpload} onDismiss={onDismissUpload} />
              </li>
            ) : null}
          </ol>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          {addButton}
          <p id={hintId} className="text-xs text-muted-foreground">
            {full
              ? `You have ${MAX_PROFILE_PHOTOS} photos, the most you can have. Delete one to add another.`
              : `JPEG, PNG, WebP or AVIF, up to ${MEDIA_MAX_BYTES / 1024 / 1024} MB. Location data is removed.`}
          </p>
        </div>
        <p className="sr-only" role="status">
          {announcement}
        </p>
      </div>
    </PhotosCard>
  );
}

/** The pictures are loading. */
export function PhotosLoading() {
  return (
    <PhotosCard>
      <div role="status" aria-label="Loading your photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="aspect-square w-full rounded-lg" />
        ))}
      </div>
    </PhotosCard>
  );
}

/** The pictures could not be loaded. */
export function PhotosLoadError({
  message,
  onRetry,
  retrying = false,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <PhotosCard>
      <div className="grid gap-3">
        <Alert>{message}</Alert>
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={onRetry}
          busy={retrying}
          busyLabel="Trying again..."
        >
          Try again
        </Button>
      </div>
    </PhotosCard>
  );
}
