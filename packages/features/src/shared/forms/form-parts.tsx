import type { ReactNode } from "react";
import { Alert, Button, Spinner } from "@vicinity/ui";

/** A form page's column and title (hosting or editing an event, creating or editing a group). */
export function FormPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto grid w-full max-w-2xl flex-1 content-start gap-6 px-3 py-6 sm:px-6">
      <h1 className="font-display text-2xl font-bold sm:text-3xl">{title}</h1>
      {children}
    </main>
  );
}

/** A form page while what it needs is on its way (the member's position, the thing edited). */
export function FormPageWaiting({ title, text }: { title: string; text: string }) {
  return (
    <FormPageFrame title={title}>
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner size="sm" /> {text}
      </p>
    </FormPageFrame>
  );
}

/** The server's refusal of a form (its 4xx's message), above the button; nothing without one. */
export function FormServerError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="quiet" data-testid="server-error">
      {message}
    </Alert>
  );
}

/** A field's error under a control that is not a FormField's (a map, a cover, a group of radios). */
export function FieldError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive-text">
      {message}
    </p>
  );
}

/** A form's last row: its submit button, busy while the server stores it. */
export function SubmitRow({
  label,
  busyLabel,
  submitting,
  disabled = false,
}: {
  label: string;
  busyLabel: string;
  submitting: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="submit" size="lg" busy={submitting} busyLabel={busyLabel} disabled={disabled}>
        {label}
      </Button>
    </div>
  );
}
