import { MailWarning } from "lucide-react";
import { Button } from "@vicinity/ui";
import { serverMessageOr } from "@vicinity/features/shared";
import { useResendVerification } from "../api/email-and-devices";

/** What an unconfirmed member is told at the top of every page. */
export const VERIFY_NOTICE = "Confirm your email address";

/**
 * Until he opens the link mailed at sign-up: which address it went to, and a way to send it again
 * (three times an hour; the server's refusal is shown as it says it).
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <div role="note" aria-label={VERIFY_NOTICE} className="border-b border-accent/30 bg-accent/10">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-2 text-sm">
        <p className="flex items-center gap-2">
          <MailWarning className="size-4 shrink-0 text-accent-text" aria-hidden />
          <span>
            <strong className="font-semibold">{VERIFY_NOTICE}:</strong> we sent a link to{" "}
            <span className="break-all">{email}</span>.
          </span>
        </p>
        <div className="flex items-center gap-3">
          {resend.isSuccess ? (
            <p role="status" className="text-muted-foreground">
              Sent again. Check your inbox and spam folder.
            </p>
          ) : resend.isError ? (
            <p role="alert" className="text-destructive-text">
              {serverMessageOr(resend.error, "We could not send it. Please try again.")}
            </p>
          ) : null}
          {resend.isSuccess ? null : (
            <Button
              size="sm"
              variant="outline"
              busy={resend.isPending}
              busyLabel="Sending..."
              onClick={() => resend.mutate()}
            >
              Send it again
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
