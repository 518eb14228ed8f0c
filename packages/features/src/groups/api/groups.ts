import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import * as z from "zod/mini";
import {
  eventSchema,
  GROUP_PATHS,
  groupListSchema,
  groupLogEntrySchema,
  groupMemberSchema,
  groupRequestSchema,
  groupSchema,
  type Group,
  type GroupInput,
  type GroupInvite,
} from "@vicinity/contract";
import { ApiError, apiRequest, conversationKeys } from "@vicinity/features/shared";

/** What a list of groups asks for (GET /api/groups): a search, and a point for "near me". */
export interface GroupsListParams {
  q: string;
  latitude: number | null;
  longitude: number | null;
}

export const groupKeys = {
  all: ["groups"] as const,
  lists: () => ["groups", "list"] as const,
  list: (params: GroupsListParams) => ["groups", "list", params] as const,
  detail: (id: string) => ["groups", "detail", id] as const,
  members: (id: string) => ["groups", "members", id] as const,
  events: (id: string) => ["groups", "events", id] as const,
  requests: (id: string) => ["groups", "requests", id] as const,
  log: (id: string) => ["groups", "log", id] as const,
};

function listUrl(params: GroupsListParams, cursor: string | null): string {
  const query = new URLSearchParams();
  if (params.q.trim()) query.set("q", params.q.trim());
  if (params.latitude !== null && params.longitude !== null) {
    query.set("latitude", String(params.latitude));
    query.set("longitude", String(params.longitude));
  }
  if (cursor) query.set("cursor", cursor);
  const text = query.toString();
  return text ? `${GROUP_PATHS.groups}?${text}` : GROUP_PATHS.groups;
}

/** The pages of groups for a search (the member's own first, then by distance or popularity). */
export function useGroupsList(params: GroupsListParams) {
  return useInfiniteQuery({
    queryKey: groupKeys.list(params),
    queryFn: async ({ pageParam }) =>
      groupListSchema.parse(await (await apiRequest("GET", listUrl(params, pageParam))).json()),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

const noRetryOn4xx = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

export function useGroup(id: string, enabled = true) {
  return useQuery({
    queryKey: groupKeys.detail(id),
    queryFn: async () => groupSchema.parse(await (await apiRequest("GET", GROUP_PATHS.group(id))).json()),
    retry: noRetryOn4xx,
    enabled: enabled && id !== "",
  });
}

export function useGroupMembers(id: string, enabled = true) {
  return useQuery({
    queryKey: groupKeys.members(id),
    queryFn: async () =>
      z.array(groupMemberSchema).parse(await (await apiRequest("GET", GROUP_PATHS.members(id))).json()),
    enabled,
  });
}

export function useGroupEvents(id: string, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.events(id),
    queryFn: async () => z.array(eventSchema).parse(await (await apiRequest("GET", GROUP_PATHS.events(id))).json()),
    enabled,
  });
}

export function useGroupRequests(id: string, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.requests(id),
    queryFn: async () =>
      z.array(groupRequestSchema).parse(await (await apiRequest("GET", GROUP_PATHS.requests(id))).json()),
    enabled,
  });
}

export function useGroupLog(id: string, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.log(id),
    queryFn: async () =>
      z.array(groupLogEntrySchema).parse(await (await apiRequest("GET", GROUP_PATHS.log(id))).json()),
    enabled,
  });
}

/** An answer that is the group as it is now: its page shows it; lists, members and requests refetch. */
function settle(queryClient: QueryClient, group: Group) {
  queryClient.setQueryData(groupKeys.detail(group.id), group);
  void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: groupKeys.members(group.id) });
  void queryClient.invalidateQueries({ queryKey: groupKeys.requests(group.id) });
  void queryClient.invalidateQueries({ queryKey: groupKeys.log(group.id) });
  // The group chat appears in (or leaves) the inbox.
  void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
}

const asGroup = async (response: Response) => groupSchema.parse(await response.json());

/** A call on a group that answers with the group as it is now (join, leave, approve, remove...). */
export function useGroupAction<T>(id: string, call: (input: T) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => asGroup(await call(input)),
    retry: false,
    onSuccess: (group) => settle(queryClient, group),
  });
}

export const useJoinGroup = (id: string) => useGroupAction<void>(id, () => apiRequest("POST", GROUP_PATHS.join(id)));
export const useLeaveGroup = (id: string) => useGroupAction<void>(id, () => apiRequest("POST", GROUP_PATHS.leave(id)));
export const useGroupSettings = (id: string) =>
  useGroupAction<{ listed?: boolean; muted?: boolean }>(id, (body) => apiRequest("PUT", GROUP_PATHS.me(id), body));
export const useAnswerRequest = (id: string) =>
  useGroupAction<{ userId: string; approve: boolean }>(id, ({ userId, approve }) =>
    apiRequest("POST", `${GROUP_PATHS.requests(id)}/${encodeURIComponent(userId)}/${approve ? "approve" : "refuse"}`),
  );
export const useRemoveMember = (id: string) =>
  useGroupAction<string>(id, (userId) =>
    apiRequest("POST", `${GROUP_PATHS.members(id)}/${encodeURIComponent(userId)}/remove`),
  );
export const useSetRole = (id: string) =>
  useGroupAction<{ userId: string; role: "moderator" | "member" }>(id, ({ userId, role }) =>
    apiRequest("PUT", `${GROUP_PATHS.members(id)}/${encodeURIComponent(userId)}/role`, { role }),
  );
export const useHandOver = (id: string) =>
  useGroupAction<string>(id, (userId) => apiRequest("POST", `${GROUP_PATHS.group(id)}/owner`, { userId }));

/** POST /api/groups (201) or PUT /api/groups/:id: the group as stored. */
export function useSaveGroup(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: GroupInput) =>
      asGroup(
        id
          ? await apiRequest("PUT", GROUP_PATHS.group(id), input)
          : await apiRequest("POST", GROUP_PATHS.groups, input),
      ),
    retry: false,
    onSuccess: (group) => settle(queryClient, group),
  });
}

export function useDeleteGroup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("DELETE", GROUP_PATHS.group(id));
    },
    retry: false,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: groupKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
    },
  });
}

export function useInviteMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invite: GroupInvite) => {
      await apiRequest("POST", `${GROUP_PATHS.group(id)}/invitations`, invite);
    },
    retry: false,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groupKeys.requests(id) }),
  });
}

export function useReportGroup(id: string) {
  return useMutation({
    mutationFn: async (report: { reason: string; details: string }) => {
      await apiRequest("POST", GROUP_PATHS.report(id), report);
    },
    retry: false,
  });
}
