import { useId, useState } from "react";
import { ALBUM_NAME_MAX_LENGTH } from "@vicinity/contract";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
} from "@vicinity/ui";

export interface AlbumNameDialogProps {
  /** "New album", "Rename album". */
  title: string;
  description: string;
  submitLabel: string;
  busyLabel: string;
  initialName?: string;
  busy: boolean;
  /** The server's refusal (its own words), said under the field; the dialog stays open. */
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** An album's name, to create it or rename it: open while mounted; its caller owns the mutation. */
export function AlbumNameDialog({
  title,
  description,
  submitLabel,
  busyLabel,
  initialName = "",
  busy,
  error,
  onSubmit,
  onClose,
}: AlbumNameDialogProps) {
  const formId = useId();
  const [name, setName] = useState(initialName);
  const [tried, setTried] = useState(false);
  const trimmed = name.trim();
  const problem = tried && !trimmed ? "Give the album a name" : error;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            setTried(true);
            if (trimmed) onSubmit(trimmed);
          }}
        >
          <FormField label="Album name" error={problem ?? undefined}>
            <Input
              value={name}
              maxLength={ALBUM_NAME_MAX_LENGTH}
              placeholder="Weekend"
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy} busyLabel={busyLabel}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
