import { EmailLinkPage } from "@vicinity/features/account";

// The pages the links of mails open: one chunk for them all.
export { ForgotPasswordPage, ResetPasswordPage } from "@vicinity/features/account";

export function VerifyEmailRoute() {
  return <EmailLinkPage kind="verify" />;
}
export function ConfirmEmailRoute() {
  return <EmailLinkPage kind="confirm" />;
}
export function UndoEmailChangeRoute() {
  return <EmailLinkPage kind="undo" />;
}
