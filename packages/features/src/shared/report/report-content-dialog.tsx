import { useState, type FormEvent } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASON_LABELS, REPORT_REASONS } from "@vicinity/contract";
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
import { serverMessageOr } from "../http/api-request";

const textareaClass =
  "w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring";

export interface ReportContentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The toast's words once sent. */
  thanks: string;
  /** The radio group's name (unique on the page). */
  name: string;
  report: UseMutationResult<void, Error, { reason: string; details: string }>;
}

/** Report something to the team (an event, a group): the member-report reasons and a note. */
export function ReportContentDialog({
  open,
  onOpenChange,
  title,
  description,
  thanks,
  name,
  report,
}: ReportContentDialogProps) {
  const [reason, setReason] = useState<string>("");
  const [details, setDetails] = useState("");
  const [missing, setMissing] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!reason) return setMissing(true);
    report.mutate(
      { reason, details: details.trim() },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({ title: "Report sent", description: thanks, variant: "success" });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">What is wrong?</legend>
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className="flex items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-accent"
              >
                <input
                  type="radio"
                  name={name}
                  checked={reason === value}
                  onChange={() => (setReason(value), setMissing(false))}
                  className="accent-[var(--color-accent)]"
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
            {missing ? (
              <p role="alert" className="text-sm text-destructive-text">
                Choose what is wrong.
              </p>
            ) : null}
          </fieldset>
          <label className="grid gap-1.5 text-sm font-medium">
            Details (optional)
            <textarea
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              maxLength={REPORT_DETAILS_MAX_LENGTH}
              rows={3}
              className={textareaClass}
            />
          </label>
          {report.isError ? (
            <p role="alert" className="text-sm text-destructive-text">
              {serverMessageOr(report.error, "The report was not sent. Try again.")}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" busy={report.isPending} busyLabel="Sending...">
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
