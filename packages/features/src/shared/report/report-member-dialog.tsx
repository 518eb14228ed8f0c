import { useState } from "react";
import type { ReportRequest } from "@vicinity/contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@vicinity/ui";
import { ReportForm } from "./report-form";

export interface ReportMemberDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  onSubmit: (report: ReportRequest & { alsoBlock: boolean }) => void;
  submitting?: boolean;
  error?: string | null;
}

/** Report a member to the team (the admin content-audit queue), and block him at the same time if wanted. */
export function ReportMemberDialog({
  open,
  onOpenChange,
  name,
  onSubmit,
  submitting = false,
  error = null,
}: ReportMemberDialogProps) {
  const [alsoBlock, setAlsoBlock] = useState(true);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Report {name}</DialogTitle>
          <DialogDescription>Our team reviews every report. {name} is not told who reported him.</DialogDescription>
        </DialogHeader>
        <ReportForm
          onSubmit={(report) => onSubmit({ ...report, alsoBlock })}
          onCancel={() => onOpenChange(false)}
          busy={submitting}
          error={error}
        >
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={alsoBlock}
              onChange={(e) => setAlsoBlock(e.target.checked)}
              className="accent-[var(--color-accent)]"
            />
            Also block {name}
          </label>
        </ReportForm>
      </DialogContent>
    </Dialog>
  );
}
