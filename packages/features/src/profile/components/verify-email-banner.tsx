import { MailWarning } from "lucide-react";
import { serverMessageOr } from "@vicinity/features/shared";
import { useResendVerification } from "../api/email-and-devices";
import { ResendLinkButton } from "./resend-link-button";

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
      {/* On a phone one row: two lines of text at most beside the button (it took 180 px of a chat). */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-1.5 text-xs sm:py-2 sm:text-sm">
        <p className="flex min-w-0 flex-1 basis-40 items-center gap-2">
          <MailWarning className="size-4 shrink-0 text-accent-text" aria-hidden />
          <span className="min-w-0 max-sm:line-clamp-2" title={email}>
            <strong className="font-semibold">{VERIFY_NOTICE}:</strong> we sent a link to{" "}
            <span className="break-all">{email}</span>.
          </span>
        </p>
        {resend.isSuccess ? (
          <p role="status" className="text-muted-foreground max-sm:basis-full">
            Sent again. Check your inbox and spam folder.
          </p>
        ) : resend.isError ? (
          <p role="alert" className="text-destructive-text max-sm:order-last max-sm:basis-full">
            {serverMessageOr(resend.error, "We could not send it. Please try again.")}
          </p>
        ) : null}
        {resend.isSuccess ? null : <ResendLinkButton resend={resend} label="Send it again" className="shrink-0" />}
      </div>
    </div>
  );
}
