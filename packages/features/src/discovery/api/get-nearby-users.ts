import { useMemo } from "react";
import { keepPreviousData, useInfiniteQuery, type QueryClient } from "@tanstack/react-query";
import * as z from "zod/mini";
import { nearbyKeys } from "@vicinity/features/shared";
import {
  NEARBY_DEFAULT_RADIUS_KM,
  NEXT_CURSOR_HEADER,
  nearbySearchPath,
  nearbyUserSchema,
  type MemberFilters,
  type NearbySort,
  type NearbyUser,
} from "@vicinity/contract";

/** Spec section 9: the nearby grid refreshes every 30 s. */
export const NEARBY_REFRESH_MS = 30_000;
/** Expand Search widens the radius: 25, then 50, then 100 km. */
export const EXPAND_SEARCH_STEPS_KM = [NEARBY_DEFAULT_RADIUS_KM, 50, 100] as const;

export class NearbyFetchError extends Error {
  constructor(readonly status: number) {
    super(`Failed to fetch nearby users: ${status}`);
    this.name = "NearbyFetchError";
  }
}

export interface NearbyPage {
  users: NearbyUser[];
  nextCursor: string | null;
}

export interface NearbyParams {
  latitude: number;
  longitude: number;
  radius: number;
  /** decisions.md: "Nearest" (default) or "Best match", ordered by the server. */
  sort?: NearbySort;
  /** Who to show (issue 37); none or undefined: everyone (the home's first search, whose key must match). */
  filters?: MemberFilters;
}

const usersSchema = z.array(nearbyUserSchema);

export async function getNearbyUsers(params: NearbyParams, cursor: string | null): Promise<NearbyPage> {
  const response = await fetch(nearbySearchPath({ ...params, cursor }), { credentials: "include" });
  if (!response.ok) throw new NearbyFetchError(response.status);
  return { users: usersSchema.parse(await response.json()), nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

/**
 * The grid's first page, asked for before the home renders (startFirstLoad), so that it need not
 * wait for the home's code: the home finds it in the cache when its params are the same (the
 * grid's defaults: nearest, everyone).
 */
export function prefetchNearbyUsers(queryClient: QueryClient, params: NearbyParams): Promise<void> {
  return queryClient.prefetchInfiniteQuery({
    queryKey: nearbyKeys.list(params),
    queryFn: ({ pageParam }) => getNearbyUsers(params, pageParam),
    initialPageParam: null as string | null,
  });
}

/** The nearby grid's data: pages by the server's cursor, refreshed every 30 s, de-duplicated by id. */
export function useNearbyUsers(params: NearbyParams | null) {
  const query = useInfiniteQuery({
    queryKey: nearbyKeys.list(params),
    queryFn: ({ pageParam }) => getNearbyUsers(params!, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: params !== null,
    refetchInterval: NEARBY_REFRESH_MS,
    // Switching sort or filter keeps the grid on screen until the new order arrives.
    placeholderData: keepPreviousData,
  });
  // One list per answer (not per render): the grid draws a new list in a deferred render.
  const pages = query.data?.pages;
  const users = useMemo(() => {
    const seen = new Set<string>();
    const list: NearbyUser[] = [];
    for (const page of pages ?? []) {
      for (const user of page.users) {
        if (!seen.has(user.id)) {
          seen.add(user.id);
          list.push(user);
        }
      }
    }
    return list;
  }, [pages]);
  return { ...query, users };
}
