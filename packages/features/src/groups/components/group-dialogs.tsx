import type { ReactNode } from "react";
import type { Group } from "@vicinity/contract";
import { ConfirmDialog as SharedConfirmDialog, ReportContentDialog, serverMessageOr } from "@vicinity/features/shared";
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

/**
 * A destructive step asked once more (leave, remove, hand over, delete), with the server's refusal if any: the shared
 * ConfirmDialog, opened and closed by the group screens' `open`.
 */
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
  if (!open) return null;
  return (
    <SharedConfirmDialog
      title={title}
      description={description}
      keepLabel="Cancel"
      actLabel={confirm}
      busyLabel={busyLabel}
      busy={busy}
      error={error ? serverMessageOr(error, "That did not work. Try again.") : null}
      onAct={onConfirm}
      onClose={() => onOpenChange(false)}
    />
  );
}
