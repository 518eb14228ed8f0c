import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { toast } from "@vicinity/ui";
import { countImpression, useHideAd, useSlotAd, type AdPlacement } from "../api/ads";
import { createViewableTracker } from "../model/viewable";
import { AdCard } from "./ad-card";

// The "why this ad" dialog (and its dialog code) arrives when it is first opened.
const WhyAdDialog = lazy(async () => ({ default: (await import("./why-ad-dialog")).WhyAdDialog }));

export interface AdSlotProps {
  placement: AdPlacement;
  /** Which slot of the page (the grid has one per screenful). */
  index: number;
}

export const AD_HIDDEN_TEXT = "Ad hidden. You won't see it again.";

/**
 * A place for one ad. It asks the server once; none, or a failure, leaves no
 * trace. The impression is reported only when the ad was viewable (half on screen for a second),
 * once per view.
 */
export function AdSlot({ placement, index }: AdSlotProps) {
  const { data: ad } = useSlotAd(placement, index);
  const hide = useHideAd();
  const [why, setWhy] = useState(false);
  // Once opened, the dialog stays mounted, so that it can close with its animation.
  const [whyOpened, setWhyOpened] = useState(false);
  const openWhy = () => {
    setWhyOpened(true);
    setWhy(true);
  };
  const [hidden, setHidden] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  const viewToken = ad?.viewToken;
  useEffect(() => {
    const el = box.current;
    if (!viewToken || !el || typeof IntersectionObserver === "undefined") return;
    const tracker = createViewableTracker({ onViewable: () => void countImpression(viewToken).catch(() => undefined) });
    const observer = new IntersectionObserver(
      (entries) => entries.forEach((e) => tracker.update(e.isIntersecting ? e.intersectionRatio : 0)),
      {
        threshold: [0, 0.25, 0.5, 0.75, 1],
      },
    );
    observer.observe(el);
    const onVisibility = () => tracker.pageHidden(document.visibilityState === "hidden");
    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      observer.disconnect();
      document.removeEventListener("visibilitychange", onVisibility);
      tracker.dispose();
    };
  }, [viewToken, hidden]);

  if (!ad) return null;
  if (hidden) {
    return (
      <p
        className="rounded-lg border border-dashed px-3 py-2 text-center text-sm text-muted-foreground"
        role="status"
        data-testid="ad-hidden"
      >
        {AD_HIDDEN_TEXT}
      </p>
    );
  }
  const hideAd = () => {
    setWhy(false);
    hide.mutate(ad.campaignId, {
      onSuccess: () => setHidden(true),
      onError: () =>
        toast({ title: "Could not hide the ad", description: "Please try again.", variant: "destructive" }),
    });
  };
  return (
    <div ref={box} data-placement={placement}>
      <AdCard ad={ad} layout={placement === "map" ? "list" : "grid"} onWhy={openWhy} onHide={hideAd} />
      {whyOpened ? (
        <Suspense fallback={null}>
          <WhyAdDialog advertiser={ad.advertiser} why={ad.why} open={why} onOpenChange={setWhy} onHide={hideAd} />
        </Suspense>
      ) : null}
    </div>
  );
}
