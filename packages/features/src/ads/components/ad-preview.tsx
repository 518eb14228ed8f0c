import { AdCard, type AdContent } from "./ad-card";

/** A phone's grid row is 343 px wide; a desktop's, 640; the map's list, 320. */
const FRAMES = [
  { caption: "Phone, in the grid", width: 343, layout: "grid" },
  { caption: "Desktop, in the grid", width: 640, layout: "grid" },
  { caption: "The map's list", width: 320, layout: "list" },
] as const;

/**
 * The creator's live preview: the ad exactly as members see it in the grid, at a
 * phone's width and at a desktop's, and in the map's list.
 */
export function AdPreview({ ad }: { ad: AdContent }) {
  return (
    <section className="grid content-start gap-3" aria-label="Preview" data-testid="ad-preview">
      <h2 className="font-semibold">Preview</h2>
      {FRAMES.map(({ caption, width, layout }) => (
        <figure key={caption} className="grid gap-1">
          <figcaption className="text-xs text-muted-foreground">{caption}</figcaption>
          <div className="w-full rounded-xl border bg-background p-2" style={{ maxWidth: width }}>
            <AdCard ad={ad} layout={layout} preview />
          </div>
        </figure>
      ))}
    </section>
  );
}
