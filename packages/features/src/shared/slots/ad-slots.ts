import { createContext, useContext, type ReactNode } from "react";

/** The places a screen keeps for an ad. */
export interface AdSlots {
  /** The nearby grid's ad after its `index`-th screenful of cards. */
  grid: (index: number) => ReactNode;
  /** The map's side list's one ad. */
  map: ReactNode;
}

/**
 * The ads a screen shows, given by the composition place (the shell, around a member's pages: a
 * visitor sees none). A feature shows what it is given and never imports the ads feature; without
 * a provider a screen keeps no place for an ad.
 */
export const AdSlotsContext = createContext<AdSlots | null>(null);

export function useAdSlots(): AdSlots | null {
  return useContext(AdSlotsContext);
}
