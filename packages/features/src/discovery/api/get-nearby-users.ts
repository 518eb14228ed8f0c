import { useMemo } from "react";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import * as z from "zod/mini";
import { NEARBY_DEFAULT_RADIUS_KM, NEXT_CURSOR_HEADER, nearbyUserSchema, type NearbyUser } from "@vicinity/contract";
import { takeEarlyFetch } from "@vicinity/features/http";
import { nearbyUrl, type NearbyParams } from "./nearby-url";

export type { NearbyParams };

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

const usersSchema = z.array(nearbyUserSchema);

export async function getNearbyUsers(params: NearbyParams, cursor: string | null): Promise<NearbyPage> {
  const url = nearbyUrl(params, cursor);
  // The first load may have asked already (startFirstLoad): that answer, else a request now.
  const response = await (takeEarlyFetch(url) ?? fetch(url, { credentials: "include" }));
  if (!response.ok) throw new NearbyFetchError(response.status);
  return { users: usersSchema.parse(await response.json()), nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

/** The nearby grid's data: pages by the server's cursor, refreshed every 30 s, de-duplicated by id. */
export function useNearbyUsers(params: NearbyParams | null) {
  const query = useInfiniteQuery({
    queryKey: ["users", "nearby", params],
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
