import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PHRASE_PATHS, savedPhraseSchema, savedPhrasesSchema, type SavedPhrase } from "@vicinity/contract";
import { apiRequest } from "@vicinity/features/shared";

/** Saved phrases (issue 38 item 7): the member's own short texts for the composer. */
export const phraseKeys = { all: () => ["messages", "phrases"] as const };

export function useSavedPhrases(enabled = true) {
  return useQuery({
    queryKey: phraseKeys.all(),
    queryFn: async (): Promise<SavedPhrase[]> =>
      savedPhrasesSchema.parse(await (await apiRequest("GET", PHRASE_PATHS.phrases)).json()).phrases,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Saves a phrase; the list shows it at once (the server's answer). */
export function useSavePhrase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string): Promise<SavedPhrase> =>
      savedPhraseSchema.parse(await (await apiRequest("POST", PHRASE_PATHS.phrases, { text })).json()),
    retry: false,
    onSuccess: (saved) => queryClient.setQueryData<SavedPhrase[]>(phraseKeys.all(), (list) => [...(list ?? []), saved]),
  });
}

/** Forgets a phrase; gone from the list once the server has. */
export function useDeletePhrase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest("DELETE", PHRASE_PATHS.phrase(id));
      return id;
    },
    retry: false,
    onSuccess: (id) =>
      queryClient.setQueryData<SavedPhrase[]>(phraseKeys.all(), (list) => list?.filter((p) => p.id !== id)),
  });
}
