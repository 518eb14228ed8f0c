import { AD_STATUS_LABELS, type AdStatus } from "@vicinity/contract";
import { Badge, type BadgeProps } from "@vicinity/ui";

const VARIANT: Record<AdStatus, BadgeProps["variant"]> = {
  draft: "outline",
  scheduled: "default",
  active: "success",
  paused: "default",
  ended: "outline",
};

/** A campaign's status, in words (never by colour alone). */
export function CampaignStatusBadge({ status }: { status: AdStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-status={status}>
      {AD_STATUS_LABELS[status]}
    </Badge>
  );
}
