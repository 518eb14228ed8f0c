import { useState, type FormEvent } from "react";
import { EVENT_CANCEL_REASON_MAX_LENGTH, type VicinityEvent } from "@vicinity/contract";
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
import { useCancelEvent, useReportEvent } from "../api/events";

const textareaClass =
  "w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring";

interface DialogProps {
  event: VicinityEvent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Report an event to the team: the same queue and reasons as a member report. */
export function ReportEventDialog({ event, open, onOpenChange }: DialogProps) {
  const report = useReportEvent(event.id);
  return (
    <ReportContentDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report this event"
      description="Our team reviews every report. The host is not told who reported the event."
      thanks="Thank you. Our team will look at this event."
      report={report}
    />
  );
}

/** The host cancels, saying why: those going and interested are told. */
export function CancelEventDialog({ event, open, onOpenChange }: DialogProps) {
  const cancel = useCancelEvent(event.id);
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!reason.trim()) return setMissing(true);
    cancel.mutate(reason.trim(), { onSuccess: () => onOpenChange(false) });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Cancel {event.title}?</DialogTitle>
          <DialogDescription>Everyone who answered is told, with your reason. This cannot be undone.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <label className="grid gap-1.5 text-sm font-medium">
            Reason
            <textarea
              value={reason}
              onChange={(e) => (setReason(e.target.value), setMissing(false))}
              maxLength={EVENT_CANCEL_REASON_MAX_LENGTH}
              rows={3}
              aria-invalid={missing || undefined}
              className={textareaClass}
            />
          </label>
          {missing ? (
            <p role="alert" className="text-sm text-destructive-text">
              Say why the event is cancelled
            </p>
          ) : null}
          {cancel.isError ? (
            <p role="alert" className="text-sm text-destructive-text">
              {serverMessageOr(cancel.error, "The event was not cancelled. Try again.")}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Keep the event
            </Button>
            <Button type="submit" variant="destructive" busy={cancel.isPending} busyLabel="Cancelling...">
              Cancel event
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
