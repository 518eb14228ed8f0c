import type { ReactNode } from "react";
import type { Group } from "@vicinity/contract";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@vicinity/ui";
import { ReportContentDialog, serverMessageOr } from "@vicinity/features/shared";
import { useReportGroup } from "../api/groups";

/** Report a group to the team (its owner is the one reported): the member-report reasons. */
export function ReportGroupDialog({
  group,
  open,
  onOpenChange,
}: {
  group: Group;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const report = useReportGroup(group.id);
  return (
    <ReportContentDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Report ${group.name}`}
      description="Our team reviews every report. The group's owner is not told who reported it."
      thanks="Thank you. Our team will look at this group."
      report={report}
    />
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirm: string;
  busyLabel: string;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
}

/** A destructive step asked once more (leave, remove, hand over, delete), with the server's refusal if any. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirm,
  busyLabel,
  busy,
  error,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {error ? (
          <p role="alert" className="text-sm text-destructive-text">
            {serverMessageOr(error, "That did not work. Try again.")}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" busy={busy} busyLabel={busyLabel} onClick={onConfirm}>
            {confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
