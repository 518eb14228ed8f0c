import { useState } from "react";
import { Copy, Pause, Play, Square } from "lucide-react";
import type { AdCampaign } from "@vicinity/contract";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  toast,
} from "@vicinity/ui";
import { serverMessageOr } from "@vicinity/features/shared";
import { useChangeCampaign, type CampaignChange } from "../api/campaigns";

/** What can be done to a campaign now: start a draft, pause, resume, end; duplicate any. */
export function campaignMoves(status: AdCampaign["status"]): Array<{ change: CampaignChange; label: string }> {
  const moves: Array<{ change: CampaignChange; label: string }> = [];
  if (status === "draft") moves.push({ change: { kind: "status", status: "active" }, label: "Start" });
  if (status === "active" || status === "scheduled")
    moves.push({ change: { kind: "status", status: "paused" }, label: "Pause" });
  if (status === "paused") moves.push({ change: { kind: "status", status: "active" }, label: "Resume" });
  if (status !== "ended") moves.push({ change: { kind: "status", status: "ended" }, label: "End" });
  moves.push({ change: { kind: "duplicate" }, label: "Duplicate" });
  return moves;
}

const ICONS = { Start: Play, Resume: Play, Pause: Pause, End: Square, Duplicate: Copy } as const;

export interface CampaignActionsProps {
  campaign: AdCampaign;
  /** A new draft was made (Duplicate): where to take the admin. */
  onDuplicated?: (copy: AdCampaign) => void;
  size?: "sm" | "md";
}

/** The campaign's buttons; End asks first (an ended campaign cannot run again, only be duplicated). */
export function CampaignActions({ campaign, onDuplicated, size = "sm" }: CampaignActionsProps) {
  const change = useChangeCampaign();
  const [ending, setEnding] = useState(false);
  const name = campaign.input.headline as string;
  const run = (move: CampaignChange, label: string) =>
    change.mutate(
      { id: campaign.id, change: move },
      {
        onSuccess: (result) => {
          setEnding(false);
          if (move.kind === "duplicate") {
            toast({
              title: "Campaign duplicated",
              description: "The copy is a draft: check its schedule, then start it.",
              variant: "success",
            });
            onDuplicated?.(result);
          } else toast({ title: `${label}: done`, description: name, variant: "success" });
        },
        onError: (error) =>
          toast({
            title: `Could not ${label.toLowerCase()} the campaign`,
            description: serverMessageOr(error, "Please try again."),
            variant: "destructive",
          }),
      },
    );
  const busy = change.isPending ? change.variables : undefined;
  return (
    <div className="flex flex-wrap gap-1.5">
      {campaignMoves(campaign.status).map(({ change: move, label }) => {
        const Icon = ICONS[label as keyof typeof ICONS];
        return (
          <Button
            key={label}
            size={size}
            variant={label === "End" ? "ghost" : "outline"}
            onClick={() => (label === "End" ? setEnding(true) : run(move, label))}
            busy={busy?.id === campaign.id && JSON.stringify(busy.change) === JSON.stringify(move)}
            aria-label={`${label} ${name}`}
          >
            <Icon aria-hidden /> {label}
          </Button>
        );
      })}
      <Dialog open={ending} onOpenChange={setEnding}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>End this campaign?</DialogTitle>
            <DialogDescription>
              &ldquo;{name}&rdquo; stops at once and cannot run again. Its figures are kept; duplicate it to run it once
              more.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setEnding(false)}>
              Keep it
            </Button>
            <Button
              variant="destructive"
              busy={change.isPending}
              onClick={() => run({ kind: "status", status: "ended" }, "End")}
            >
              End campaign
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
