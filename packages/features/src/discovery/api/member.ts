import { useQuery } from "@tanstack/react-query";
import { API_PATHS, memberProfileSchema, type MemberProfile } from "@vicinity/contract";
import { ApiError, apiRequest, memberKeys } from "@vicinity/features/shared";

/** GET /api/users/:id: the member profile. */
export async function getMember(id: string): Promise<MemberProfile> {
  const response = await apiRequest("GET", API_PATHS.member(id));
  return memberProfileSchema.parse(await response.json());
}

export function useMember(id: string) {
  return useQuery({
    queryKey: memberKeys.detail(id),
    queryFn: () => getMember(id),
    // A missing member stays missing: no retry on 404.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}
