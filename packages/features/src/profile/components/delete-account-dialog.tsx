import { useState, type FormEvent } from "react";
import { PASSWORD_MAX_LENGTH } from "@vicinity/contract";
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  PasswordInput,
} from "@vicinity/ui";

export interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deleting: boolean;
  /** The server's answer ("That is not your password; your account was not deleted"). */
  error?: string | null;
  onConfirm: (password: string) => void;
}

function DeleteAccountForm({ deleting, error, onConfirm }: Omit<DeleteAccountDialogProps, "open" | "onOpenChange">) {
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setProblem("Enter your password to delete your account");
      return;
    }
    onConfirm(password);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label="Your password" error={problem}>
        <PasswordInput
          name="password"
          value={password}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          onChange={(e) => {
            setPassword(e.target.value);
            setProblem(null);
          }}
        />
      </FormField>
      {error ? <Alert>{error}</Alert> : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={deleting}>
            Keep my account
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" busy={deleting} busyLabel="Deleting...">
          Delete my account
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The last step before DELETE /api/users/account: the password again, and what goes. */
export function DeleteAccountDialog({ open, onOpenChange, deleting, error, onConfirm }: DeleteAccountDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Half-deleted is no state to leave: the dialog stays while the call runs.
        if (!deleting) onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This cannot be undone. Your profile, photos and sign-ins are removed; messages you sent show as from a
            “deleted member”. Enter your password to confirm.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: the password is forgotten when the dialog closes. */}
        {open ? <DeleteAccountForm deleting={deleting} error={error} onConfirm={onConfirm} /> : null}
      </DialogContent>
    </Dialog>
  );
}
