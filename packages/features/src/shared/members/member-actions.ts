import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, type ReportRequest } from "@vicinity/contract";
import { apiRequest } from "../http/api-request";
import { memberKeys, nearbyKeys } from "../query-keys";

/** Block or unblock: the grid and the profile are refreshed, so a blocked member disappears. */
export function useBlockMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (block: boolean) => {
      await apiRequest(block ? "POST" : "DELETE", API_PATHS.block(id));
      return block;
    },
    retry: false,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: nearbyKeys.all() });
      await queryClient.invalidateQueries({ queryKey: memberKeys.detail(id) });
    },
  });
}

export function useReportMember(id: string) {
  return useMutation({
    mutationFn: async (report: ReportRequest) => {
      await apiRequest("POST", API_PATHS.report(id), report);
    },
    retry: false,
  });
}
