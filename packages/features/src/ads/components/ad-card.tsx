import type { ReactNode } from "react";
import { Info, X } from "lucide-react";
import type { ServedAd } from "@vicinity/contract";
import { buttonVariants, Card, cn } from "@vicinity/ui";

/** What an ad shows: a served ad, or the creator's form seen through its live preview. */
export type AdContent = Pick<ServedAd, "advertiser" | "headline" | "body" | "callToAction" | "imageUrl"> & {
  clickUrl?: string | null;
};

export const SPONSORED = "Sponsored";
export const WHY_LABEL = "Why am I seeing this?";
export const HIDE_LABEL = "Hide this ad";

export interface AdCardProps {
  ad: AdContent;
  /** "grid": a full row of the discovery grid; "list": a row of the map's side list. */
  layout?: "grid" | "list";
  onWhy?: () => void;
  onHide?: () => void;
  /** The creator's preview: drawn the same, but nothing leaves the page. */
  preview?: boolean;
  className?: string;
}

/**
 * An ad as members see it: always labelled "Sponsored", never dressed as a member.
 * The call to action goes through the server's signed redirect (`clickUrl`), which carries no member
 * data; the link sends no referrer either.
 */
export function AdCard({ ad, layout = "grid", onWhy, onHide, preview = false, className }: AdCardProps) {
  const href = preview ? undefined : (ad.clickUrl ?? undefined);
  const list = layout === "list";
  const cta = (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer sponsored"
      aria-disabled={href ? undefined : true}
      className={cn(buttonVariants({ size: "sm" }), "shrink-0", !href && "pointer-events-none")}
      data-testid="ad-cta"
    >
      {ad.callToAction || "Learn more"}
    </a>
  );
  // Sized by its container, not the screen: the creator's phone-sized preview draws what a phone shows.
  return (
    <div className="@container">
      <Card
        // The preview draws the ad several times: no landmark for it there.
        role={preview ? undefined : "complementary"}
        aria-label={preview ? undefined : `${SPONSORED}: ${ad.advertiser}`}
        data-testid="ad-card"
        className={cn(
          "relative flex gap-3 overflow-hidden border-dashed p-2 @md:p-3",
          list ? "items-center" : "items-stretch",
          className,
        )}
      >
        {ad.imageUrl ? (
          <img
            src={ad.imageUrl}
            alt=""
            loading="lazy"
            className={cn("shrink-0 rounded-md bg-muted object-cover", list ? "size-10" : "size-20 @md:size-28")}
          />
        ) : (
          <div
            aria-hidden
            className={cn(
              "grid shrink-0 place-items-center rounded-md bg-muted font-display font-bold text-muted-foreground",
              list ? "size-10 text-base" : "size-20 text-2xl @md:size-28",
            )}
          >
            {ad.advertiser.slice(0, 1).toUpperCase() || "?"}
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <p className="flex items-center gap-1.5 pr-14 text-xs text-muted-foreground">
            <span className="rounded-sm bg-muted px-1 py-px text-[0.625rem] font-bold tracking-wide uppercase">
              {SPONSORED}
            </span>
            <span className="truncate">{ad.advertiser}</span>
          </p>
          <h2 className={cn("font-semibold break-words", list ? "truncate text-sm" : "text-sm @md:text-base")}>
            {ad.headline}
          </h2>
          {!list ? (
            <p className="line-clamp-2 text-xs break-words text-muted-foreground @md:text-sm">{ad.body}</p>
          ) : null}
          {!list ? <div className="mt-auto pt-1.5">{cta}</div> : null}
        </div>
        {list ? cta : null}
        {onWhy || onHide || preview ? (
          <div className="absolute top-1 right-1 flex">
            <CornerButton label={WHY_LABEL} onClick={onWhy} icon={<Info className="size-4" aria-hidden />} />
            <CornerButton label={HIDE_LABEL} onClick={onHide} icon={<X className="size-4" aria-hidden />} />
          </div>
        ) : null}
      </Card>
    </div>
  );
}

/** The ad's small corner buttons (why, hide); without an action (the preview) they are drawn but inert. */
function CornerButton({ label, onClick, icon }: { label: string; onClick?: () => void; icon: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={!onClick}
      aria-label={label}
      title={label}
      className="grid size-7 place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none"
    >
      {icon}
    </button>
  );
}
