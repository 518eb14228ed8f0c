import { Lock } from "lucide-react";
import type { Album } from "@vicinity/contract";
import { cn } from "@vicinity/ui";
import { optimizedImageUrl } from "@vicinity/features/shared";

/** A chip's cover: small, one variant for all (album pictures are rendered on demand). */
const CHIP_COVER = { w: 96, h: 96, q: 75 } as const;

export const picturesText = (n: number) => (n === 1 ? "1 picture" : `${n} pictures`);

export interface AlbumChipsProps {
  albums: readonly Album[];
  onOpen: (albumId: string) => void;
  /** The chat's strip scrolls sideways in one row; the profile wraps. */
  layout?: "row" | "wrap";
  label: string;
}

/** His albums shared with me, one chip each (cover, name, how many pictures): a tap opens the viewer. */
export function AlbumChips({ albums, onOpen, layout = "wrap", label }: AlbumChipsProps) {
  return (
    <ul
      aria-label={label}
      className={cn("flex gap-2", layout === "row" ? "-mx-1 overflow-x-auto px-1 pb-1" : "flex-wrap")}
    >
      {albums.map((album) => {
        const cover = album.pictures[0];
        return (
          <li key={album.id} className="shrink-0">
            <button
              type="button"
              onClick={() => onOpen(album.id)}
              aria-haspopup="dialog"
              className="flex h-12 max-w-56 cursor-pointer items-center gap-2 rounded-pill border border-border bg-surface-raised py-1 pr-4 pl-1 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {cover ? (
                <img
                  src={optimizedImageUrl(cover.url, CHIP_COVER)}
                  alt=""
                  width={40}
                  height={40}
                  className="size-10 shrink-0 rounded-full bg-muted object-cover"
                  decoding="async"
                />
              ) : (
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted">
                  <Lock aria-hidden className="size-4 text-muted-foreground" />
                </span>
              )}
              <span className="grid min-w-0">
                <span className="truncate text-sm font-semibold">{album.name}</span>
                <span className="text-xs text-muted-foreground">{picturesText(album.pictures.length)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
