import { useState, type FormEvent } from "react";
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportRequest,
} from "@vicinity/contract";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Spinner,
} from "@vicinity/ui";

type Reason = (typeof REPORT_REASONS)[number];

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
  const [reason, setReason] = useState<Reason | null>(null);
  const [details, setDetails] = useState("");
  const [alsoBlock, setAlsoBlock] = useState(true);
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    onSubmit({ reason, details: details.trim(), alsoBlock });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Report {name}</DialogTitle>
          <DialogDescription>Our team reviews every report. {name} is not told who reported him.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <fieldset className="grid gap-2" aria-describedby={missing ? "report-reason-error" : undefined}>
            <legend className="mb-1 text-sm font-medium">What is wrong?</legend>
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent/10"
              >
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setMissing(false);
                  }}
                  className="accent-[var(--color-accent)]"
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
            {missing ? (
              <p id="report-reason-error" role="alert" className="text-sm text-destructive-text">
                Choose what is wrong.
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-1.5">
            <label htmlFor="report-details" className="text-sm font-medium">
              Details (optional)
            </label>
            <textarea
              id="report-details"
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              maxLength={REPORT_DETAILS_MAX_LENGTH}
              rows={3}
              className="w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
              placeholder="What happened? Links or message times help."
            />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={alsoBlock}
              onChange={(e) => setAlsoBlock(e.target.checked)}
              className="accent-[var(--color-accent)]"
            />
            Also block {name}
          </label>
          {error ? (
            <p role="alert" className="text-sm text-destructive-text">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={submitting}>
              {submitting ? <Spinner size="sm" /> : null}
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
