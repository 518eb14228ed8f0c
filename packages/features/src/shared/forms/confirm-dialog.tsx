import type { ReactNode } from "react";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@vicinity/ui";

export interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  /** What leaves everything as it was ("Keep it"). */
  keepLabel: string;
  /** What does it ("Unsend", "Remove message"), and what it says meanwhile ("Unsending..."). */
  actLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Why it was not done (the server's message), said in the dialog, which stays open. */
  error: string | null;
  onAct: () => void;
  onClose: () => void;
}

/**
 * Asks once before something that cannot be undone (unsend a message, a moderator's removal): open while mounted;
 * the action's refusal is said inside it. Its callers own the mutation and close it when done.
 */
export function ConfirmDialog({
  title,
  description,
  keepLabel,
  actLabel,
  busyLabel,
  busy,
  error,
  onAct,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {error ? (
          <p role="alert" className="text-sm text-destructive-text">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="ghost" onClick={onClose}>
            {keepLabel}
          </Button>
          <Button variant="destructive" busy={busy} busyLabel={busyLabel} onClick={onAct}>
            {actLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
