import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  API_PATHS,
  activeFilterCount,
  canonicalMemberFilters,
  filtersToKeep,
  NO_MEMBER_FILTERS,
  parseSavedFilters,
  readMemberFilters,
  sessionUserSchema,
  writeMemberFilters,
  type MemberFilters,
  type SessionUser,
} from "@vicinity/contract";
import { toast } from "@vicinity/ui";
import { apiRequest, serverMessageOr } from "../../http/api-request";
import { currentUserQueryKey, currentUserQueryOptions } from "../../session/api/get-current-user";

/** PUT /api/users/filters: the answer is his session user, written straight into the current user. */
export async function saveFilters(filters: MemberFilters): Promise<SessionUser> {
  const response = await apiRequest("PUT", API_PATHS.savedFilters, filters);
  return sessionUserSchema.parse(await response.json());
}

export interface MemberFiltersState {
  /** The filters in force: the address's when it names any, else the member's saved ones, else none. */
  filters: MemberFilters;
  /** How many narrow the search (0: everyone). */
  count: number;
  /** Where they come from (the tests and the sheet's note). */
  source: "address" | "saved" | "none";
  /** Puts them in the address (replacing it) and, for a member, saves them. */
  apply: (filters: MemberFilters) => void;
}

/** Saves of the filters, one after another (a quick on-then-off must end as off, on the server and here). */
const SAVED_FILTERS_MUTATION = ["saved-filters"] as const;

/**
 * The member filters of the grid and the map (issue 37; docs/decisions/0041): kept in the address (a link or a reload
 * shows the same members; applying replaces the address rather than adding a step to Back, which would fall back to
 * the saved ones anyway), and saved per member, so that his next visit without any in the address shows what he
 * chose, on the grid and the map alike. A visitor's or guest's live in the address only.
 */
export function useMemberFilters({ save }: { save: boolean }): MemberFiltersState {
  const [params, setParams] = useSearchParams();
  // The member the app's shell has already asked for (never asked again here): his saved filters.
  const { data: user } = useQuery({ ...currentUserQueryOptions, enabled: false });
  const member = save && user ? user : null;
  const queryClient = useQueryClient();
  const saved = parseSavedFilters(member?.nearbyFilters);
  const fromAddress = useMemo(() => readMemberFilters(params), [params]);
  const mutation = useMutation({
    mutationKey: SAVED_FILTERS_MUTATION,
    // One at a time, in the order he chose them.
    scope: { id: "saved-filters" },
    mutationFn: saveFilters,
    retry: false,
    // At once, so that this page shows his choice while it is saved (and after, should saving fail: he is told).
    onMutate: (next) =>
      queryClient.setQueryData<SessionUser | null>(currentUserQueryKey, (user) =>
        user ? { ...user, nearbyFilters: filtersToKeep(next) } : user,
      ),
    // A later choice still being saved wins: its value is already shown (onMutate).
    onSuccess: (user) => {
      if (queryClient.isMutating({ mutationKey: SAVED_FILTERS_MUTATION }) <= 1)
        queryClient.setQueryData(currentUserQueryKey, user);
    },
    onError: (error) => {
      const reason = serverMessageOr(error, "Please try again.");
      toast({
        title: "Your filters were not saved",
        description: `${/[.!?]$/.test(reason) ? reason : `${reason}.`} They still apply on this page.`,
        variant: "destructive",
      });
    },
  });
  const { mutate } = mutation;
  const canSave = member !== null;
  const apply = useCallback(
    (next: MemberFilters) => {
      setParams(
        (previous) => {
          const copy = new URLSearchParams(previous);
          writeMemberFilters(copy, next);
          return copy;
        },
        { replace: true },
      );
      if (canSave) mutate(canonicalMemberFilters(next));
    },
    [setParams, canSave, mutate],
  );
  const filters = fromAddress ?? saved ?? NO_MEMBER_FILTERS;
  return {
    filters,
    count: activeFilterCount(filters),
    source: fromAddress ? "address" : saved ? "saved" : "none",
    apply,
  };
}
