import { ADMIN_REASON_MAX_LENGTH, SUSPENSION_DAYS } from "@vicinity/contract";
import type { FormEvent, ReactNode } from "react";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  type ButtonProps,
} from "@vicinity/ui";
import { serverMessageOr } from "@vicinity/features/shared";

/** A labelled choice among options (the admin filters, a suspension's length). */
export function ChoiceField({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <FormField label={label}>
      {(control) => (
        <Select value={value} onValueChange={onChange}>
          <SelectTrigger {...control}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}

/** A suspension's length: its value is a number of days, or FOR_GOOD. */
export const FOR_GOOD = "for-good";
export const SUSPENSION_OPTIONS = [
  ...SUSPENSION_DAYS.map((d) => ({ value: String(d), label: d === 1 ? "1 day" : `${d} days` })),
  { value: FOR_GOOD, label: "For good" },
];
export const suspensionDays = (value: string): number | null => (value === FOR_GOOD ? null : Number(value));

/** The reason every admin action needs (kept on the audit log). */
export function ReasonField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}) {
  return (
    <FormField label="Reason" required error={error} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={ADMIN_REASON_MAX_LENGTH}
          rows={3}
          className="w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive"
        />
      )}
    </FormField>
  );
}

/** An admin dialog's end: the server's refusal if any, Cancel, and the confirming button. */
export function AdminDialogActions({
  error,
  onCancel,
  confirm,
  busy,
  busyLabel,
  variant = "primary",
}: {
  error: unknown;
  onCancel: () => void;
  confirm: string;
  busy: boolean;
  busyLabel: string;
  variant?: ButtonProps["variant"];
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-destructive-text">
          {serverMessageOr(error, "That did not work. Try again.")}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={variant} busy={busy} busyLabel={busyLabel}>
          {confirm}
        </Button>
      </DialogFooter>
    </>
  );
}

/** An admin action's dialog: a form with its title and what it will do; closing it cancels. */
export function AdminDialog({
  title,
  description,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  description: ReactNode;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
        </form>
      </DialogContent>
    </Dialog>
  );
}
