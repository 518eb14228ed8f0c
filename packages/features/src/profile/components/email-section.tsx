import { useState, type FormEvent } from "react";
import { BadgeCheck, MailWarning } from "lucide-react";
import { Badge, Button, FormField, Input, PasswordInput } from "@vicinity/ui";
import { changeEmailRequestSchema } from "@vicinity/contract";
import { serverMessageOr } from "@vicinity/features/shared";
import { useChangeEmail, useResendVerification } from "../api/email-and-devices";
import { ResendLinkButton } from "./resend-link-button";

/**
 * The member's address on his profile: confirmed or not (with the link sent again), and
 * a change confirmed from the new address (his password asked first).
 */
export function EmailSection({ email, verified }: { email: string; verified: boolean }) {
  const change = useChangeEmail();
  const resend = useResendVerification();
  const [open, setOpen] = useState(false);
  const [next, setNext] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<{ field: "email" | "password"; message: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rules (the contract), so both say the same.
    const parsed = changeEmailRequestSchema.safeParse({ email: next, password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setProblem({
        field: issue?.path[0] === "password" ? "password" : "email",
        message: issue?.message ?? "Enter a valid email address",
      });
    }
    setProblem(null);
    change.mutate(parsed.data);
  };
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground">Email</span>
        <span className="font-medium break-all">{email}</span>
        {verified ? (
          <Badge variant="outline" className="gap-1">
            <BadgeCheck className="size-3.5" aria-hidden /> Confirmed
          </Badge>
        ) : (
          <Badge variant="destructive" className="gap-1">
            <MailWarning className="size-3.5" aria-hidden /> Not confirmed
          </Badge>
        )}
      </div>
      {!verified ? (
        <div className="grid gap-2 text-sm">
          <p className="text-muted-foreground">
            Open the link we mailed you. Until then you cannot change your address or get back in if you forget your
            password.
          </p>
          {resend.isSuccess ? (
            <p role="status">Sent again. Check your inbox and spam folder.</p>
          ) : (
            <ResendLinkButton resend={resend} label="Send the link again" className="w-fit" />
          )}
          {resend.isError ? (
            <p role="alert" className="text-destructive-text">
              {serverMessageOr(resend.error, "We could not send it. Please try again.")}
            </p>
          ) : null}
        </div>
      ) : change.isSuccess ? (
        <p role="status" className="rounded-md border border-border bg-muted/40 p-3 text-sm">
          {change.data.message}
        </p>
      ) : open ? (
        <form noValidate onSubmit={submit} className="grid gap-4 sm:max-w-md" aria-label="Change your email address">
          {change.isError ? (
            <p role="alert" className="text-sm text-destructive-text">
              {serverMessageOr(change.error, "Your address could not be changed. Please try again.")}
            </p>
          ) : null}
          <FormField label="New address" required error={problem?.field === "email" ? problem.message : undefined}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                value={next}
                onChange={(e) => setNext(e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Your password" required error={problem?.field === "password" ? problem.message : undefined}>
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" busy={change.isPending} busyLabel="Sending the link...">
              Send a link to the new address
            </Button>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button className="w-fit" size="sm" variant="outline" onClick={() => setOpen(true)}>
          Change your address
        </Button>
      )}
    </div>
  );
}
