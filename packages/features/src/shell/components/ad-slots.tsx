import { LazyAdSlot } from "@vicinity/features/ads";
import type { AdSlots } from "@vicinity/features/shared";

/**
 * The ads of a member's pages, which MemberSession gives them: one in the nearby grid after each
 * screenful of cards, one in the map's side list. Only members see ads.
 */
export const MemberAdSlots: AdSlots = {
  grid: (index) => <LazyAdSlot placement="grid" index={index} />,
  map: <LazyAdSlot placement="map" index={0} />,
};
