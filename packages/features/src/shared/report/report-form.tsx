import { useId, useState, type FormEvent, type ReactNode } from "react";
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASON_LABELS, REPORT_REASONS } from "@vicinity/contract";
import { Button, DialogFooter } from "@vicinity/ui";
import { FieldError, FormServerError } from "../forms/form-parts";

export type ReportReason = (typeof REPORT_REASONS)[number];

export interface ReportFormProps {
  /** Sent with the reason chosen and the details trimmed; never without a reason. */
  onSubmit: (report: { reason: ReportReason; details: string }) => void;
  onCancel: () => void;
  /** The report is on its way: the send button is disabled and says "Sending...". */
  busy?: boolean;
  /** The server's refusal, above the buttons; nothing without one. */
  error?: string | null;
  /** Fields of the caller's own, under the details (the member report's "Also block"). */
  children?: ReactNode;
}

/**
 * The body of a report dialog (a member, an event, a group): what is wrong (required), details,
 * the caller's extra fields, the server's refusal, and Cancel / Send report. Its ids and radio
 * group's name are its own, so two on a page never clash.
 */
export function ReportForm({ onSubmit, onCancel, busy = false, error = null, children }: ReportFormProps) {
  const id = useId();
  const reasonName = `${id}-reason`;
  const reasonErrorId = `${id}-reason-error`;
  const detailsId = `${id}-details`;
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    onSubmit({ reason, details: details.trim() });
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <fieldset className="grid gap-2" aria-describedby={missing ? reasonErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium">What is wrong?</legend>
        {REPORT_REASONS.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent/10"
          >
            <input
              type="radio"
              name={reasonName}
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
        <FieldError id={reasonErrorId} message={missing ? "Choose what is wrong." : null} />
      </fieldset>
      <div className="grid gap-1.5">
        <label htmlFor={detailsId} className="text-sm font-medium">
          Details (optional)
        </label>
        <textarea
          id={detailsId}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          maxLength={REPORT_DETAILS_MAX_LENGTH}
          rows={3}
          className="w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
          placeholder="What happened? Links or message times help."
        />
      </div>
      {children}
      <FormServerError message={error} />
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" busy={busy} busyLabel="Sending...">
          Send report
        </Button>
      </DialogFooter>
    </form>
  );
}
