import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as z from "zod/mini";
import {
  AD_ADMIN_PATHS,
  adCampaignDetailSchema,
  adCampaignSchema,
  type AdCampaign,
  type AdCampaignDetail,
  type AdInput,
} from "@vicinity/contract";
import { apiRequest } from "@vicinity/features/shared";

export const campaignKeys = {
  all: ["admin", "ads"] as const,
  list: () => ["admin", "ads", "list"] as const,
  detail: (id: string) => ["admin", "ads", "detail", id] as const,
};

/** GET /api/admin/ads: every campaign, newest first, with today's and total figures. */
export async function getCampaigns(): Promise<AdCampaign[]> {
  const response = await apiRequest("GET", AD_ADMIN_PATHS.campaigns);
  return z.array(adCampaignSchema).parse(await response.json());
}

export function useCampaigns() {
  return useQuery({ queryKey: campaignKeys.list(), queryFn: getCampaigns });
}

/** GET /api/admin/ads/:id: one campaign and its days. */
export async function getCampaign(id: string): Promise<AdCampaignDetail> {
  const response = await apiRequest("GET", AD_ADMIN_PATHS.campaign(id));
  return adCampaignDetailSchema.parse(await response.json());
}

export function useCampaign(id: string | null) {
  return useQuery({ queryKey: campaignKeys.detail(id ?? ""), queryFn: () => getCampaign(id!), enabled: id !== null });
}

/** POST /api/admin/ads (a new draft) or PUT /api/admin/ads/:id. */
export function useSaveCampaign(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AdInput) => {
      const response = id
        ? await apiRequest("PUT", AD_ADMIN_PATHS.campaign(id), input)
        : await apiRequest("POST", AD_ADMIN_PATHS.campaigns, input);
      return adCampaignSchema.parse(await response.json());
    },
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export type CampaignChange = { kind: "status"; status: "active" | "paused" | "ended" } | { kind: "duplicate" };

/** Start, pause, resume or end a campaign; or copy it into a new draft. */
export function useChangeCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: string; change: CampaignChange }) => {
      const response =
        change.kind === "duplicate"
          ? await apiRequest("POST", AD_ADMIN_PATHS.duplicate(id))
          : await apiRequest("POST", AD_ADMIN_PATHS.status(id), { status: change.status });
      return adCampaignSchema.parse(await response.json());
    },
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
