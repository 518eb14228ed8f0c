import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, memberProfileSchema, type MemberProfile, type ReportRequest } from "@vicinity/contract";
import { ApiError, apiRequest } from "@vicinity/features/http";

export const memberQueryKey = (id: string) => ["users", "member", id] as const;

/** GET /api/users/:id: the member profile. */
export async function getMember(id: string): Promise<MemberProfile> {
  const response = await apiRequest("GET", API_PATHS.member(id));
  return memberProfileSchema.parse(await response.json());
}

export function useMember(id: string) {
  return useQuery({
    queryKey: memberQueryKey(id),
    queryFn: () => getMember(id),
    // A missing member stays missing: no retry on 404.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

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
      await queryClient.invalidateQueries({ queryKey: ["users", "nearby"] });
      await queryClient.invalidateQueries({ queryKey: memberQueryKey(id) });
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
