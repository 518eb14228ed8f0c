import { useEffect, useMemo, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import {
  applyMapChanges,
  replaceMapTiles,
  mapAreaSchema,
  mapChangesSchema,
  MAP_OWN_POSITION_INTERVAL_MS,
  type MapArea,
  type MapChanges,
  readMemberFilters,
  type MemberFilters,
} from "@vicinity/contract";
import type { ConnectionState, VicinitySocket } from "@vicinity/features/shared";
import { filtersKey, mapKeys } from "../api/map-area";
import { createThrottle } from "./throttle";
import type { LatLon } from "./view";

/**
 * The live map over the visit's socket: subscribes to the view's tiles (again after every
 * reconnection) and writes each push into the loaded area: `mapChanges` (what changed, applied
 * member by member) or `mapTiles` (whole tiles, replaced). Leaving the map, or no tiles, unsubscribes.
 *
 * An area fetched before the server took its subscription could miss a change made between the
 * two (neither in the answer nor pushed). So while the socket is connected, the area's fetch waits
 * for the subscription's acknowledgement (`areaMayLoad`), and an area fetched without one (while
 * the socket was down) is fetched again once the subscription is taken.
 */
export function useLiveMapTiles(
  socket: VicinitySocket | null,
  state: ConnectionState,
  tiles: readonly string[] | null,
  /** His own position: a moved member's distance is worked out from it. */
  own: LatLon | null = null,
  /** The member filters he looks with: the server sends his tiles' changes as they filter them. */
  filters: MemberFilters | null = null,
): { areaMayLoad: boolean } {
  const queryClient = useQueryClient();
  const tilesKey = (tiles ?? []).join(",");
  const filterKey = filtersKey(filters);
  // The same filters (by their key) are the same subscription.
  const keyed = useMemo(() => (filterKey ? readMemberFilters(new URLSearchParams(filterKey)) : null), [filterKey]);
  // What the subscription is for: its tiles and filters.
  const key = `${tilesKey}|${filterKey}`;
  const connected = socket !== null && state === "connected";
  // Read when a push arrives, so a new position does not resubscribe.
  const ownRef = useRef(own);
  useEffect(() => {
    ownRef.current = own;
  }, [own]);
  // The tiles the server has acknowledged on this socket (null: none yet).
  const [subscribed, setSubscribed] = useState<{ socket: VicinitySocket; key: string } | null>(null);

  useEffect(() => {
    if (!socket || !connected) return;
    const list = tilesKey ? tilesKey.split(",") : [];
    let current = true;
    const request = keyed ? { tiles: list, filters: keyed } : { tiles: list };
    socket.emit("mapSubscribe", request, (answer) => {
      if (!answer.ok) console.warn("Map subscription refused:", answer.message);
      if (!current) return;
      // Marks a loaded area stale: refetched at once if it loaded without waiting (socket down),
      // else fetched once its query is let go below.
      if (list.length > 0) void queryClient.invalidateQueries({ queryKey: mapKeys.area(list, keyed) });
      setSubscribed({ socket, key });
    });
    return () => {
      current = false;
      setSubscribed(null);
    };
  }, [socket, connected, key, tilesKey, keyed, queryClient]);

  useEffect(() => {
    if (!socket) return;
    return () => {
      if (socket.connected) socket.emit("mapSubscribe", { tiles: [] });
    };
  }, [socket]);

  useEffect(() => {
    if (!socket || !tilesKey) return;
    const queryKey = mapKeys.area(tilesKey.split(","), keyed);
    const onTiles = (payload: MapArea) => {
      const parsed = mapAreaSchema.safeParse(payload);
      if (!parsed.success) return;
      queryClient.setQueryData<MapArea>(queryKey, (area) => (area ? replaceMapTiles(area, parsed.data) : area));
    };
    const onChanges = (payload: MapChanges) => {
      const parsed = mapChangesSchema.safeParse(payload);
      if (!parsed.success) return;
      let missing = false;
      queryClient.setQueryData<MapArea>(queryKey, (area) => {
        if (!area) return area;
        const next = applyMapChanges(area, parsed.data, ownRef.current);
        missing = next.missing;
        return next.area;
      });
      // A member moved in whom this area never had: it is behind, so it is fetched again.
      if (missing) void queryClient.invalidateQueries({ queryKey });
    };
    socket.on("mapTiles", onTiles);
    socket.on("mapChanges", onChanges);
    return () => {
      socket.off("mapTiles", onTiles);
      socket.off("mapChanges", onChanges);
    };
  }, [socket, tilesKey, keyed, queryClient]);

  return { areaMayLoad: !connected || (subscribed?.socket === socket && subscribed.key === key) };
}

/** His own position goes to the server with the socket's updateLocation, at most every MAP_OWN_POSITION_INTERVAL_MS. */
export function useSendOwnPosition(socket: VicinitySocket | null, state: ConnectionState, position: LatLon | null) {
  const send = useRef<ReturnType<typeof createThrottle<LatLon>> | null>(null);
  useEffect(() => {
    if (!socket) return;
    const throttle = createThrottle<LatLon>(MAP_OWN_POSITION_INTERVAL_MS, (p) => {
      socket.emit("updateLocation", { latitude: p.latitude, longitude: p.longitude }, (answer) => {
        if (!answer.ok) console.warn("Location update refused:", answer.message);
      });
    });
    send.current = throttle;
    return () => {
      throttle.cancel();
      send.current = null;
    };
  }, [socket]);
  const latitude = position?.latitude;
  const longitude = position?.longitude;
  useEffect(() => {
    if (latitude === undefined || longitude === undefined || state !== "connected") return;
    send.current?.push({ latitude, longitude });
  }, [latitude, longitude, state]);
}
