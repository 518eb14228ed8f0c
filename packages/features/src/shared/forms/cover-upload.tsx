import { useEffect, useRef, useState } from "react";
import { ImagePlus, Trash2 } from "lucide-react";
import { Button, Progress } from "@vicinity/ui";
import { serverMessageOr } from "../http/api-request";
import { optimizedImageUrl } from "../media/model/image-url";
import { uploadMedia } from "../media/api/upload-media";
import { PHOTO_ACCEPT, photoFileProblem } from "../media/model/photo-file";

export interface CoverUploadProps {
  coverUrl: string | null;
  onChange: (cover: { id: string; url: string } | null) => void;
  onBusyChange?: (busy: boolean) => void;
  /** What the picture is for (the media kind the server stores it as). */
  kind?: "event" | "group" | "ad";
  /** The field's name, and the words of its buttons and image. */
  label?: string;
  noun?: string;
  alt?: string;
}

/** A cover picture through the picture pipeline (POST /api/media?kind=...), with its progress: an event's, an ad's. */
export function CoverUpload({
  coverUrl,
  onChange,
  onBusyChange,
  kind = "event",
  label = "Cover picture",
  noun = "cover",
  alt = "The event's cover",
}: CoverUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const uploading = progress !== undefined;

  async function upload(file: File) {
    const problem = photoFileProblem(file);
    if (problem) return setError(problem);
    setError(null);
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProgress(0);
    onBusyChange?.(true);
    try {
      const stored = await uploadMedia(file, { kind, signal: current.signal, onProgress: setProgress });
      onChange({ id: stored.id, url: stored.url });
    } catch (failure) {
      if (!current.signal.aborted)
        setError(
          serverMessageOr(
            failure,
            failure instanceof Error && failure.name === "UploadNetworkError"
              ? failure.message
              : "The upload failed. Please try again.",
          ),
        );
    } finally {
      if (controller.current === current) {
        setProgress(undefined);
        onBusyChange?.(false);
      }
    }
  }

  return (
    <div className="grid gap-2" data-testid="cover-upload">
      <span className="text-sm font-medium">{label}</span>
      {coverUrl ? (
        <img
          src={optimizedImageUrl(coverUrl, { w: 640, h: 280 })}
          alt={alt}
          width={640}
          height={280}
          className="aspect-[16/7] w-full rounded-lg object-cover"
        />
      ) : null}
      {uploading ? <Progress value={progress} aria-label={`Uploading the ${noun}`} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => input.current?.click()}
          busy={uploading}
          busyLabel="Uploading..."
        >
          <ImagePlus aria-hidden /> {coverUrl ? `Change the ${noun}` : `Upload a ${noun}`}
        </Button>
        {coverUrl && !uploading ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            <Trash2 aria-hidden /> Remove
          </Button>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={`${label} file`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void upload(file);
        }}
      />
      {error ? (
        <p role="alert" className="text-sm text-destructive-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
