import { Download, Trash2 } from "lucide-react";
import { Alert, Button } from "@vicinity/ui";

export interface AccountActionsProps {
  exporting: boolean;
  exportError?: string | null;
  onExport: () => void;
  /** Opens the confirmation (DeleteAccountDialog). */
  onDeleteAccount: () => void;
}

/** decisions.md, "Account": export one's data (JSON) and delete the account. */
export function AccountActions({ exporting, exportError, onExport, onDeleteAccount }: AccountActionsProps) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-3" role="group" aria-labelledby="export-heading">
        <h3 id="export-heading" className="font-semibold">
          Export your data
        </h3>
        <p className="text-sm text-muted-foreground">
          Everything Vicinity keeps about you (profile, photos, messages you sent, blocks and reports) as one JSON file.
        </p>
        {exportError ? <Alert>{exportError}</Alert> : null}
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={onExport}
          busy={exporting}
          busyLabel="Preparing your file..."
        >
          <Download aria-hidden />
          Export my data
        </Button>
      </div>
      <div className="grid gap-3 border-t border-border pt-6" role="group" aria-labelledby="delete-heading">
        <h3 id="delete-heading" className="font-semibold text-destructive-text">
          Delete your account
        </h3>
        <p className="text-sm text-muted-foreground">
          Your profile, photos and sign-ins go for good. Messages you sent stay with the people you sent them to, from a
          “deleted member”.
        </p>
        <Button variant="destructive" className="justify-self-start" onClick={onDeleteAccount}>
          <Trash2 aria-hidden />
          Delete my account
        </Button>
      </div>
    </div>
  );
}
