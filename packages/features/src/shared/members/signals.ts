import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SIGNAL_PATHS, tapResultSchema, type MemberProfile, type TapKind, type TapResult } from "@vicinity/contract";
import { apiRequest } from "../http/api-request";
import { memberKeys, nearbyKeys, signalKeys } from "../query-keys";

/**
 * Tap a member (POST /api/users/:id/tap): his profile shows the kind as sent today and the match
 * at once; the signals' lists refresh.
 */
export function useTapMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (kind: TapKind): Promise<TapResult> => {
      const response = await apiRequest("POST", SIGNAL_PATHS.tap(id), { kind });
      return tapResultSchema.parse(await response.json());
    },
    retry: false,
    onSuccess: async ({ kind, match }) => {
      queryClient.setQueryData<MemberProfile>(memberKeys.detail(id), (profile) =>
        profile
          ? {
              ...profile,
              signals: {
                ...profile.signals,
                tapsSentToday: [...new Set([...profile.signals.tapsSentToday, kind])],
                match: profile.signals.match || match,
              },
            }
          : profile,
      );
      await queryClient.invalidateQueries({ queryKey: signalKeys.all() });
    },
  });
}

/** Star or unstar a member (PUT|DELETE /api/users/:id/favorite); nobody is told. The grid's stars follow. */
export function useFavoriteMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (favorite: boolean) => {
      await apiRequest(favorite ? "PUT" : "DELETE", SIGNAL_PATHS.favorite(id));
      return favorite;
    },
    retry: false,
    onSuccess: async (favorite) => {
      queryClient.setQueryData<MemberProfile>(memberKeys.detail(id), (profile) =>
        profile ? { ...profile, signals: { ...profile.signals, isFavorite: favorite } } : profile,
      );
      // The grid's stars and its Favorites filter: asked again when next shown (not waited for: the star is his now).
      void queryClient.invalidateQueries({ queryKey: nearbyKeys.all() });
      await queryClient.invalidateQueries({ queryKey: signalKeys.favorites() });
    },
  });
}
