import { useQuery } from "@tanstack/react-query";
import { MAP_PATHS, mapConfigSchema, type MapConfig } from "@vicinity/contract";
import { apiRequest } from "../http/api-request";
import { mapConfigKeys } from "../query-keys";

/** GET /api/map/config: the base layer's URL, attribution and zoom limit (docs/decisions/0018). */
export async function getMapConfig(): Promise<MapConfig> {
  const response = await apiRequest("GET", MAP_PATHS.config);
  return mapConfigSchema.parse(await response.json());
}

export function useMapConfig() {
  return useQuery({ queryKey: mapConfigKeys.config(), queryFn: getMapConfig, staleTime: Infinity });
}
