import { Clock } from "lucide-react";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Progress,
} from "@vicinity/ui";

/** Spec section 2 and 4: the warning a minute before automatic logout, counting down from 60. */
export const IDLE_WARNING_SECONDS = 60;

export interface IdleWarningDialogProps {
  open: boolean;
  secondsLeft: number;
  onStay: () => void;
}

export function IdleWarningDialog({ open, secondsLeft, onStay }: IdleWarningDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onStay())}>
      <DialogContent role="alertdialog" showCloseButton={false} className="max-w-sm">
        <DialogHeader>
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent/15 text-accent-text">
            <Clock className="size-6" aria-hidden />
          </div>
          <DialogTitle>Still there?</DialogTitle>
          <DialogDescription>
            You have been inactive for a while. For your privacy you will be signed out in{" "}
            <strong className="text-foreground tabular-nums" data-testid="idle-seconds" role="timer" aria-live="polite">
              {secondsLeft}
            </strong>{" "}
            {secondsLeft === 1 ? "second" : "seconds"}.
          </DialogDescription>
        </DialogHeader>
        <Progress value={(secondsLeft / IDLE_WARNING_SECONDS) * 100} aria-label="Time left before sign-out" />
        <DialogFooter>
          <Button onClick={onStay} fullWidth autoFocus>
            Stay signed in
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
