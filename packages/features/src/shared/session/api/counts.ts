import { useQuery } from "@tanstack/react-query";
import { API_PATHS, countSchema } from "@vicinity/contract";
import { useAfterFirstPaint } from "@vicinity/ui";
import { apiRequest } from "../../http/api-request";
import { countKeys } from "../../query-keys";

/** Spec section 9: online count every 30 s; unread every 15 s in the header, 30 s on the dashboard. */
export const ONLINE_COUNT_REFRESH_MS = 30_000;
export const UNREAD_REFRESH_HEADER_MS = 15_000;
export const UNREAD_REFRESH_DASHBOARD_MS = 30_000;

async function getCount(url: string): Promise<number> {
  const response = await apiRequest("GET", url);
  return countSchema.parse(await response.json());
}

/** Signed-in members only (`enabled`). */
export function useOnlineCount(enabled: boolean) {
  // Asked after the first page's paint (FirstPaintGate, docs/decisions/0029).
  const afterPaint = useAfterFirstPaint();
  return useQuery({
    queryKey: countKeys.online(),
    queryFn: () => getCount(API_PATHS.onlineCount),
    enabled: enabled && afterPaint,
    refetchInterval: ONLINE_COUNT_REFRESH_MS,
  });
}

export function useUnreadCount(enabled: boolean, refreshMs: number = UNREAD_REFRESH_HEADER_MS) {
  const afterPaint = useAfterFirstPaint();
  return useQuery({
    queryKey: countKeys.unread(),
    queryFn: () => getCount(API_PATHS.unreadCount),
    enabled: enabled && afterPaint,
    refetchInterval: refreshMs,
  });
}
