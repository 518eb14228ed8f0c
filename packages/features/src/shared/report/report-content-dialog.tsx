import type { UseMutationResult } from "@tanstack/react-query";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, toast } from "@vicinity/ui";
import { serverMessageOr } from "../http/api-request";
import { ReportForm } from "./report-form";

export interface ReportContentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The toast's words once sent. */
  thanks: string;
  report: UseMutationResult<void, Error, { reason: string; details: string }>;
}

/** Report something to the team (an event, a group): the member-report reasons and a note. */
export function ReportContentDialog({
  open,
  onOpenChange,
  title,
  description,
  thanks,
  report,
}: ReportContentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <ReportForm
          onSubmit={(values) =>
            report.mutate(values, {
              onSuccess: () => {
                onOpenChange(false);
                toast({ title: "Report sent", description: thanks, variant: "success" });
              },
            })
          }
          onCancel={() => onOpenChange(false)}
          busy={report.isPending}
          error={report.isError ? serverMessageOr(report.error, "The report was not sent. Try again.") : null}
        />
      </DialogContent>
    </Dialog>
  );
}
