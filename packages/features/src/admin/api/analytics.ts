import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ANALYTICS_PATH, analyticsSchema } from "@vicinity/contract/analytics";
import { apiRequest } from "@vicinity/features/shared";

export interface AnalyticsParams {
  from: string;
  to: string;
  tz: string;
}

export const analyticsKey = (params: AnalyticsParams) => ["admin", "analytics", params] as const;

export function analyticsUrl(params: AnalyticsParams): string {
  return `${ANALYTICS_PATH}?${new URLSearchParams({ from: params.from, to: params.to, tz: params.tz }).toString()}`;
}

/** GET /api/admin/analytics: the range and the one before it; the last answer stays while the next loads. */
export function useAnalytics(params: AnalyticsParams) {
  return useQuery({
    queryKey: analyticsKey(params),
    queryFn: async () => analyticsSchema.parse(await (await apiRequest("GET", analyticsUrl(params))).json()),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
