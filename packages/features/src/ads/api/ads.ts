import { useMutation, useQuery } from "@tanstack/react-query";
import { AD_PATHS, servedAdSchema, type ServedAd } from "@vicinity/contract";
import { apiRequest } from "@vicinity/features/shared";

/** Where an ad is shown: the discovery grid (one per screenful) or the map's side list. */
export type AdPlacement = "grid" | "map";

export const adKeys = {
  all: ["ads"] as const,
  slot: (placement: AdPlacement, index: number) => ["ads", "slot", placement, index] as const,
};

/** GET /api/ads/next: the ad the server picked for this member now, or null (204: none targets him). */
export async function getNextAd(): Promise<ServedAd | null> {
  const response = await apiRequest("GET", AD_PATHS.next);
  if (response.status === 204) return null;
  return servedAdSchema.parse(await response.json());
}

/**
 * One slot's ad, asked once while the slot is on the page: a new slot (or a new visit to the page)
 * asks again, and the server's caps decide. A failed ask leaves the slot empty (no retry, no error
 * shown: an ad is never worth a member's attention when it fails).
 */
export function useSlotAd(placement: AdPlacement, index: number) {
  return useQuery({
    queryKey: adKeys.slot(placement, index),
    queryFn: getNextAd,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** POST /api/ads/impressions: the ad was viewable; the server counts a token once. */
export async function countImpression(viewToken: string): Promise<boolean> {
  const response = await apiRequest("POST", AD_PATHS.impressions, { viewToken });
  const body = (await response.json()) as { counted?: unknown };
  return body.counted === true;
}

/** POST /api/ads/:id/hide: never show this campaign to me again. */
export function useHideAd() {
  return useMutation({ mutationFn: (campaignId: string) => apiRequest("POST", AD_PATHS.hide(campaignId)) });
}
