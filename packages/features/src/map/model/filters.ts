import { MAX_AGE, MIN_AGE, type MapCrowd, type MapMember } from "@vicinity/contract";

/** The map's filters (client-side, over the members loaded). */
export interface MapFilters {
  onlineOnly: boolean;
  rightNowOnly: boolean;
  ageMin: number;
  ageMax: number;
}

export const NO_FILTERS: MapFilters = { onlineOnly: false, rightNowOnly: false, ageMin: MIN_AGE, ageMax: MAX_AGE };

export function filtersActive(filters: MapFilters): boolean {
  return filters.onlineOnly || filters.rightNowOnly || filters.ageMin > MIN_AGE || filters.ageMax < MAX_AGE;
}

/**
 * The members a filter keeps. Crowds have no attributes to filter on, so none is kept while a
 * filter is on (the map says so). A member without an age is kept only while the age range is open.
 */
export function applyFilters(
  members: readonly MapMember[],
  crowds: readonly MapCrowd[],
  filters: MapFilters,
): { members: readonly MapMember[]; crowds: readonly MapCrowd[]; crowdsHidden: boolean } {
  if (!filtersActive(filters)) return { members, crowds, crowdsHidden: false };
  const ageFiltered = filters.ageMin > MIN_AGE || filters.ageMax < MAX_AGE;
  const kept = members.filter((m) => {
    if (filters.onlineOnly && !m.isOnline) return false;
    if (filters.rightNowOnly && !m.rightNow) return false;
    if (ageFiltered && (m.age === null || m.age < filters.ageMin || m.age > filters.ageMax)) return false;
    return true;
  });
  return { members: kept, crowds: [], crowdsHidden: crowds.length > 0 };
}
