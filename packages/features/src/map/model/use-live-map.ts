import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { mapAreaSchema, MAP_OWN_POSITION_INTERVAL_MS, type MapArea } from "@vicinity/contract";
import type { ConnectionState, VicinitySocket } from "@vicinity/features/shared";
import { mapKeys, replaceTiles } from "../api/map-area";
import { createThrottle } from "./throttle";
import type { LatLon } from "./view";

/**
 * The live map over the visit's socket: subscribes to the view's tiles (again after every
 * reconnection) and writes each `mapTiles` push into the loaded area, tile by tile. Leaving the
 * map, or no tiles, unsubscribes.
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
): { areaMayLoad: boolean } {
  const queryClient = useQueryClient();
  const key = (tiles ?? []).join(",");
  const connected = socket !== null && state === "connected";
  // The tiles the server has acknowledged on this socket (null: none yet).
  const [subscribed, setSubscribed] = useState<{ socket: VicinitySocket; key: string } | null>(null);

  useEffect(() => {
    if (!socket || !connected) return;
    const list = key ? key.split(",") : [];
    let current = true;
    socket.emit("mapSubscribe", { tiles: list }, (answer) => {
      if (!answer.ok) console.warn("Map subscription refused:", answer.message);
      if (!current) return;
      // Marks a loaded area stale: refetched at once if it loaded without waiting (socket down),
      // else fetched once its query is let go below.
      if (list.length > 0) void queryClient.invalidateQueries({ queryKey: mapKeys.area(list) });
      setSubscribed({ socket, key });
    });
    return () => {
      current = false;
      setSubscribed(null);
    };
  }, [socket, connected, key, queryClient]);

  useEffect(() => {
    if (!socket) return;
    return () => {
      if (socket.connected) socket.emit("mapSubscribe", { tiles: [] });
    };
  }, [socket]);

  useEffect(() => {
    if (!socket || !key) return;
    const queryKey = mapKeys.area(key.split(","));
    const onTiles = (payload: MapArea) => {
      const parsed = mapAreaSchema.safeParse(payload);
      if (!parsed.success) return;
      queryClient.setQueryData<MapArea>(queryKey, (area) => (area ? replaceTiles(area, parsed.data) : area));
    };
    socket.on("mapTiles", onTiles);
    return () => {
      socket.off("mapTiles", onTiles);
    };
  }, [socket, key, queryClient]);

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
