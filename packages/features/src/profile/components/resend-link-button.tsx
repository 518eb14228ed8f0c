import { Button } from "@vicinity/ui";
import type { useResendVerification } from "../api/email-and-devices";

export interface ResendLinkButtonProps {
  /** The confirmation link's resend (useResendVerification): its caller shows what came of it. */
  resend: Pick<ReturnType<typeof useResendVerification>, "isPending" | "mutate">;
  /** What the button says ("Send it again", "Send the link again"). */
  label: string;
  className?: string;
}

/** Sends the confirmation link again: a small outlined button that says "Sending..." while it does. */
export function ResendLinkButton({ resend, label, className }: ResendLinkButtonProps) {
  return (
    <Button
      className={className}
      size="sm"
      variant="outline"
      busy={resend.isPending}
      busyLabel="Sending..."
      onClick={() => resend.mutate()}
    >
      {label}
    </Button>
  );
}
