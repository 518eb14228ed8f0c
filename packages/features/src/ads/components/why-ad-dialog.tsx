import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@vicinity/ui";
import { HIDE_LABEL, WHY_LABEL } from "./ad-card";

export interface WhyAdDialogProps {
  advertiser: string;
  /** The server's reasons (its targeting of this campaign, in words). */
  why: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onHide?: () => void;
}

/** "Why am I seeing this?": the targeting in plain words, and a way out. */
export function WhyAdDialog({ advertiser, why, open, onOpenChange, onHide }: WhyAdDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{WHY_LABEL}</DialogTitle>
          <DialogDescription>This ad from {advertiser} was chosen for you because:</DialogDescription>
        </DialogHeader>
        <ul className="grid list-disc gap-1 pl-5 text-sm">
          {why.length > 0 ? why.map((reason) => <li key={reason}>{reason}</li>) : <li>It is shown to all members.</li>}
        </ul>
        <DialogFooter>
          {onHide ? (
            <Button variant="secondary" onClick={onHide}>
              {HIDE_LABEL}
            </Button>
          ) : null}
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
