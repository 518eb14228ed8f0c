import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, conversationMembersSchema, GROUP_PATHS, type ConversationMember } from "@vicinity/contract";
import { apiRequest } from "@vicinity/features/shared";
import { messageKeys } from "./conversations";

/** Who is in a group chat now (GET /api/conversations/:id/members): its messages' sender names. */
export function useConversationMembers(id: string, enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.members(id),
    queryFn: async (): Promise<ConversationMember[]> =>
      conversationMembersSchema.parse(await (await apiRequest("GET", API_PATHS.conversationMembers(id))).json()),
    enabled,
    staleTime: 60_000,
  });
}

/** Report a message of a group chat (its sender, with the message, into the moderation queue). */
export function useReportGroupMessage(groupId: string) {
  return useMutation({
    mutationFn: async (report: { messageId: number; reason: string; details: string }) => {
      await apiRequest("POST", GROUP_PATHS.report(groupId), report);
    },
    retry: false,
  });
}

/** A moderator removes a message of his group's chat: gone for everyone (the server tells them). */
export function useRemoveGroupMessage(groupId: string, conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: number) => {
      await apiRequest("DELETE", `${GROUP_PATHS.group(groupId)}/messages/${messageId}`);
    },
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.thread(conversationId) }),
  });
}
