import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SIGNAL_PATHS, favoritesListSchema, tapsListSchema, viewedMeSchema, type ViewedMe } from "@vicinity/contract";
import { apiRequest, signalKeys } from "@vicinity/features/shared";

const read = async <T>(path: string, schema: { parse(value: unknown): T }): Promise<T> =>
  schema.parse(await (await apiRequest("GET", path)).json());

/** GET /api/taps: who tapped me (one row per member, newest first). */
export const useTaps = () =>
  useQuery({ queryKey: signalKeys.taps(), queryFn: () => read(SIGNAL_PATHS.taps, tapsListSchema) });

/** GET /api/favorites */
export const useFavorites = () =>
  useQuery({ queryKey: signalKeys.favorites(), queryFn: () => read(SIGNAL_PATHS.favorites, favoritesListSchema) });

/** GET /api/views: who viewed me this week, and whether I leave a trace. */
export const useViewedMe = () =>
  useQuery({ queryKey: signalKeys.views(), queryFn: () => read(SIGNAL_PATHS.views, viewedMeSchema) });

/** PUT /api/views/trace: on, my visits show in others' "viewed me" and I see theirs; off, neither. */
export function useLeavesTrace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (leavesTrace: boolean) => {
      await apiRequest("PUT", SIGNAL_PATHS.viewTrace, { leavesTrace });
      return leavesTrace;
    },
    retry: false,
    onSuccess: async (leavesTrace) => {
      queryClient.setQueryData<ViewedMe>(signalKeys.views(), (was) =>
        leavesTrace ? was && { ...was, leavesTrace } : { leavesTrace, views: [] },
      );
      if (leavesTrace) await queryClient.invalidateQueries({ queryKey: signalKeys.views() });
    },
  });
}
