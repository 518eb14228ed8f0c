import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  ADMIN_PATHS,
  adminMemberDetailSchema,
  adminMembersPageSchema,
  adminPicturesPageSchema,
  adminReportsPageSchema,
  type ReportAction,
  type ReportKind,
  type REPORT_STATUSES,
  adminOverviewSchema,
  auditPageSchema,
  type MEMBER_FILTERS,
  type PICTURE_FILTERS,
} from "@vicinity/contract";

type PictureFilter = (typeof PICTURE_FILTERS)[number];
import * as z from "zod/mini";
import { apiRequest } from "@vicinity/features/shared";

/** What the audit log asks for: filters and a page (from 0). Empty strings mean "any". */
export interface AuditParams {
  action: string;
  targetType: string;
  targetId: string;
  page: number;
}

export const adminKeys = {
  all: ["admin"] as const,
  overview: () => ["admin", "overview"] as const,
  audit: (params: AuditParams) => ["admin", "audit", params] as const,
  members: (params: MembersParams) => ["admin", "members", params] as const,
  member: (id: string) => ["admin", "member", id] as const,
  reports: (params: ReportsParams) => ["admin", "reports", params] as const,
  pictures: (page: number, show: PictureFilter) => ["admin", "pictures", show, page] as const,
};

/** What the content audit's queue asks for: a status, a kind (or every kind), his own, a page. */
export interface ReportsParams {
  status: (typeof REPORT_STATUSES)[number];
  kind: ReportKind | "";
  mine: boolean;
  page: number;
}

/** What the members list asks for: a search (username, email, display name, or an exact id), a filter, a page. */
export interface MembersParams {
  q: string;
  filter: (typeof MEMBER_FILTERS)[number];
  page: number;
}

export function membersUrl(params: MembersParams): string {
  const query = new URLSearchParams();
  if (params.q.trim()) query.set("q", params.q.trim());
  if (params.filter !== "all") query.set("filter", params.filter);
  if (params.page > 0) query.set("page", String(params.page));
  const text = query.toString();
  return text ? `${ADMIN_PATHS.members}?${text}` : ADMIN_PATHS.members;
}

/** GET /api/admin/members: a page of members; the previous page stays while the next loads. */
export function useAdminMembers(params: MembersParams) {
  return useQuery({
    queryKey: adminKeys.members(params),
    queryFn: async () => adminMembersPageSchema.parse(await (await apiRequest("GET", membersUrl(params))).json()),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/overview: what waits for the team, refreshed every minute while open. */
export function useAdminOverview() {
  return useQuery({
    queryKey: adminKeys.overview(),
    queryFn: async () => adminOverviewSchema.parse(await (await apiRequest("GET", ADMIN_PATHS.overview)).json()),
    refetchInterval: 60_000,
  });
}

export function auditUrl(params: AuditParams): string {
  const query = new URLSearchParams();
  if (params.action) query.set("action", params.action);
  if (params.targetType) query.set("targetType", params.targetType);
  if (params.targetId.trim()) query.set("targetId", params.targetId.trim());
  if (params.page > 0) query.set("page", String(params.page));
  const text = query.toString();
  return text ? `${ADMIN_PATHS.audit}?${text}` : ADMIN_PATHS.audit;
}

/** GET /api/admin/audit: a page of the audit log, newest first; the previous page stays while the next loads. */
export function useAuditLog(params: AuditParams) {
  return useQuery({
    queryKey: adminKeys.audit(params),
    queryFn: async () => auditPageSchema.parse(await (await apiRequest("GET", auditUrl(params))).json()),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/members/:id */
export function useAdminMember(id: string) {
  return useQuery({
    queryKey: adminKeys.member(id),
    queryFn: async () => adminMemberDetailSchema.parse(await (await apiRequest("GET", ADMIN_PATHS.member(id))).json()),
  });
}

/** What an admin does to a member, each with its reason (recorded on the audit log). */
export type MemberAction =
  | { kind: "warn"; reason: string }
  | { kind: "suspend"; reason: string; days: number | null }
  | { kind: "restore"; reason: string }
  | { kind: "admin"; reason: string; admin: boolean };

function actionCall(id: string, action: MemberAction): [string, unknown] {
  const base = ADMIN_PATHS.member(id);
  switch (action.kind) {
    case "warn":
      return [`${base}/warn`, { reason: action.reason }];
    case "suspend":
      return [`${base}/suspend`, { reason: action.reason, days: action.days }];
    case "restore":
      return [`${base}/restore`, { reason: action.reason }];
    case "admin":
      return [`${base}/admin`, { reason: action.reason, admin: action.admin }];
  }
}

/** Warn, suspend, restore, grant or revoke admin: then the member, the lists and the log are fetched again. */
export const useMemberAction = (id: string) =>
  useAdminMutation(async (action: MemberAction) => {
    const [url, body] = actionCall(id, action);
    await apiRequest("POST", url, body);
  });

export function reportsUrl(params: ReportsParams): string {
  const query = new URLSearchParams({ status: params.status });
  if (params.kind) query.set("kind", params.kind);
  if (params.mine) query.set("mine", "true");
  if (params.page > 0) query.set("page", String(params.page));
  return `${ADMIN_PATHS.reports}?${query.toString()}`;
}

/** GET /api/admin/reports: a page of reports with their content, notes and earlier reports. */
export function useAdminReports(params: ReportsParams) {
  return useQuery({
    queryKey: adminKeys.reports(params),
    queryFn: async () => adminReportsPageSchema.parse(await (await apiRequest("GET", reportsUrl(params))).json()),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/pictures */
export function useAdminPictures(page: number, show: PictureFilter = "awaiting") {
  return useQuery({
    queryKey: adminKeys.pictures(page, show),
    queryFn: async () =>
      adminPicturesPageSchema.parse(
        await (
          await apiRequest("GET", `${ADMIN_PATHS.pictures}?show=${show}${page > 0 ? `&page=${page}` : ""}`)
        ).json(),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Any admin change: everything in the admin area is fetched again (queues, counts, the log). */
function useAdminMutation<T, R = unknown>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    retry: false,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/reports/actions: one or more actions on one or more reports, with a reason. */
export const useReportActions = () =>
  useAdminMutation(
    async (input: {
      ids: string[];
      actions: ReportAction[];
      reason: string;
      days?: number | null;
    }): Promise<{ acted: number }> =>
      z.object({ acted: z.number() }).parse(await (await apiRequest("POST", ADMIN_PATHS.reportActions, input)).json()),
  );
export const useAssignReport = () =>
  useAdminMutation(async ({ id, mine }: { id: string; mine: boolean }) =>
    apiRequest("POST", `${ADMIN_PATHS.report(id)}/assign`, { mine }),
  );
export const useReportNote = () =>
  useAdminMutation(async ({ id, text }: { id: string; text: string }) =>
    apiRequest("POST", `${ADMIN_PATHS.report(id)}/notes`, { text }),
  );
/** POST /api/admin/pictures/reviewed: looked at and kept. */
export const useReviewPictures = () =>
  useAdminMutation(async (ids: string[]) => apiRequest("POST", ADMIN_PATHS.picturesReviewed, { ids }));
export const useRemovePicture = () =>
  useAdminMutation(async ({ id, reason }: { id: string; reason: string }) =>
    apiRequest("POST", `${ADMIN_PATHS.pictures}/${encodeURIComponent(id)}/remove`, { reason }),
  );
